/**
 * The stored lead: the submission as the server parsed it, overlaid with the server's own derived
 * fields and verdict, plus what only the server knows (IP, user agent, time received).
 */
import { z } from 'zod';
import { POSTING_FALLBACK_AFFID } from '../constants';
import { flowById } from '../flows/flow-registry';
import { ACCIDENT_AGE_LIMITS } from '../rules/accident-age-limits';
import { STANDARD_POLICY } from '../flows/policies';
import { isoDateOf } from './dates';
import { DerivedFieldsSchema, deriveLead } from './derive-lead';
import { LeadSubmissionSchema, type LeadSubmission } from './lead-submission';
import type { ZipPlace } from './zip-place';

export const LeadSchema = LeadSubmissionSchema.extend(DerivedFieldsSchema.shape).extend({
  // Re-tagging may replace them (derived), but a stored lead always has both.
  oid: z.string(),
  affid: z.string(),
  ip_address: z.string(),
  user_agent: z.string(),
  sec_gpc: z.enum(['yes', 'no']),
  /** The email or phone is on the suppression list (an opt-out of sale or a deletion request). */
  suppressed: z.enum(['yes', 'no']),
  received_at: z.string(),
  sms_verified: z.literal('no'),
});

export type Lead = z.infer<typeof LeadSchema>;

export interface ServerFacts {
  receivedAt: Date;
  place: ZipPlace | null;
  ipAddress: string;
  userAgent: string;
  secGpc: boolean;
  /** The server's text check on case_description, or null when it gave no verdict (§8). */
  isGibberish: 'yes' | 'no' | null;
  /** The contact is on the suppression list. */
  suppressed: boolean;
}

/** A suppressed contact asked not to have their information sold: the lead is kept, never sent. */
const SUPPRESSED_VERDICT = {
  is_disqualified: true,
  dq_reason: 'suppressed|yes',
  do_not_send_to_dq: 'yes',
  lead_is_qualified: 'no',
} as const;

/** The server's reading of a submission: every derived field recomputed from the raw answers. */
export function buildLeadRecord(submission: LeadSubmission, facts: ServerFacts): Lead {
  const derived = deriveLead(submission, {
    today: isoDateOf(facts.receivedAt),
    place: facts.place,
    stateLimits: ACCIDENT_AGE_LIMITS,
    policy: flowById(submission.variant)?.policy ?? STANDARD_POLICY,
    tracking: { oid: submission.oid, affid: submission.affid, lp_campaign_id: submission.lp_campaign_id },
    textVerdict: facts.isGibberish ?? undefined,
  });
  return {
    ...submission,
    ...derived,
    ...(facts.suppressed ? SUPPRESSED_VERDICT : {}),
    suppressed: facts.suppressed ? 'yes' : 'no',
    affid: derived.affid ?? (submission.affid || POSTING_FALLBACK_AFFID),
    oid: derived.oid ?? submission.oid,
    ip_address: facts.ipAddress,
    user_agent: facts.userAgent,
    sec_gpc: facts.secGpc ? 'yes' : 'no',
    received_at: facts.receivedAt.toISOString(),
    sms_verified: 'no',
  };
}
