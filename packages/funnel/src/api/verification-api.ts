/** SMS code send and check (spec §4 "Phone verification", §5, §7). */
import { z } from 'zod';
// §5's two SMS messages live with the survey's messages (lead/messages.ts), which the catalogs translate.
import { INCORRECT_CODE_MESSAGE } from '../lead/messages';

export const VerifySendBodySchema = z.object({
  phone: z.string({ error: 'phone is required' }).min(1, 'phone is required').max(40),
});
export const VerifySendResponseSchema = z.object({ sent: z.boolean(), retry_after_ms: z.number().optional() });

export const VerifyCheckBodySchema = z.object({
  phone: z.string({ error: 'phone is required' }).min(1, 'phone is required').max(40),
  /** §7 sends the send call's status along; the server does not rely on it. */
  sent_status: z.union([z.boolean(), z.string()]).optional(),
  code: z.string({ error: INCORRECT_CODE_MESSAGE }).regex(/^\d{6}$/, INCORRECT_CODE_MESSAGE),
});
export const VerifyCheckResponseSchema = z.object({ status: z.enum(['approved', 'pending']) });
