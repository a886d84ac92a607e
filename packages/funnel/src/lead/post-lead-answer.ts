/**
 * What POST /post-lead and POST /api/ingest answer (spec §7 "Response not read" is ours to improve): the
 * stored lead's id and the server's verdict, so the thank-you URL's q, is_disqualified and dq_reason are
 * the server's reading (issue 10), not the browser's, which runs without the word lists. A repeat of a
 * stored id answers the verdict stored the first time.
 */
import { z } from 'zod';

export const LeadVerdictSchema = z.object({
  is_disqualified: z.boolean(),
  dq_reason: z.string(),
  lead_is_qualified: z.enum(['yes', 'no']),
});
export type LeadVerdict = z.infer<typeof LeadVerdictSchema>;

export const PostLeadAnswerSchema = z.object({ id: z.string(), verdict: LeadVerdictSchema });
export type PostLeadAnswer = z.infer<typeof PostLeadAnswerSchema>;
