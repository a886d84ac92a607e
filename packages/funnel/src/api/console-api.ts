/**
 * Bodies, queries and answers of the operator console's API (issue 16), shared by the server and the
 * console's pages (`z.input` on the way out, the schema on the way in).
 */
import { z } from 'zod';
import { BuyerKeySchema } from '../delivery/buyer-config';
import { DELIVERY_STATUSES } from '../delivery/delivery-status';
import { IsoDateSchema } from '../lead/field-schemas';
import { LanguageSchema } from '../lead/lead-submission';

/** A query value: an empty field of a filter form is no filter. */
function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const SignInBodySchema = z.object({
  email: z.string().trim().min(3, 'Enter your email').max(254),
  password: z.string().min(1, 'Enter your password').max(200),
});

export const OperatorSchema = z.object({ email: z.string() });

/** GET /api/console/leads and /api/console/leads.csv: filters, search and the keyset page. */
export const LeadFiltersSchema = z.object({
  /** Received on or after this UTC day. */
  from: optionalQuery(IsoDateSchema),
  /** Received on or before this UTC day. */
  to: optionalQuery(IsoDateSchema),
  variant: optionalQuery(z.string().max(60)),
  language: optionalQuery(LanguageSchema),
  qualified: optionalQuery(z.enum(['yes', 'no'])),
  dq_reason: optionalQuery(z.string().max(120)),
  state: optionalQuery(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'A state is two letters')
      .toUpperCase(),
  ),
  buyer: optionalQuery(BuyerKeySchema),
  delivery_status: optionalQuery(z.enum(DELIVERY_STATUSES)),
  /** An email or a phone number (any format): exact match. */
  q: optionalQuery(z.string().trim().max(254)),
  /** The last row's seq of the previous page: the next page is older. */
  before: optionalQuery(z.coerce.number().int().positive()),
  limit: optionalQuery(z.coerce.number().int().min(1).max(200)),
});

export type LeadFilters = z.infer<typeof LeadFiltersSchema>;

export const LeadListItemSchema = z.object({
  seq: z.number(),
  id: z.string(),
  received_at: z.string(),
  variant: z.string(),
  language: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.string(),
  lead_is_qualified: z.string(),
  dq_reason: z.string(),
  delivery: z.array(z.object({ buyer: z.string(), status: z.enum(DELIVERY_STATUSES) })),
});

export const LeadPageSchema = z.object({
  leads: z.array(LeadListItemSchema),
  /** Pass as `before` for the next page; null on the last page. */
  next: z.number().nullable(),
});

export type LeadPage = z.infer<typeof LeadPageSchema>;

/** POST /api/console/quarantine/:id/replay: the body to replay, fixed by the operator (absent: as kept). */
export const ReplayBodySchema = z.object({ body: z.unknown().optional() });

/** POST /api/console/privacy-requests/:id: what the operator decided. */
export const PrivacyDecisionSchema = z.object({
  decision: z.enum(['complete', 'deny']),
  note: z.string().trim().max(1000).default(''),
});
