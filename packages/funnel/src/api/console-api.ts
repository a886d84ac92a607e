/**
 * Bodies, queries and answers of the operator console's API (issue 16), shared by the server and the
 * console's pages (`z.input` on the way out, the schema on the way in).
 */
import { z } from 'zod';
import { BRAND_IDS } from '../brand/brands';
import { ConsentListsSchema } from '../delivery/consent-lists';
import { BuyerConfigSchema } from '../delivery/buyer-config';
import { BuyerKeySchema } from '../delivery/buyer-key';
import { DELIVERY_STATUSES } from '../delivery/delivery-status';
import { UNKNOWN_OUTCOME_RESOLUTIONS } from '../delivery/outcome-unknown';
import { IsoDateSchema } from '../lead/field-schemas';
import { LanguageSchema } from '../lead/lead-submission';
import { LeadAuctionSchema } from './auction-api';
import { ReplayChangeSchema } from './replay-changes';

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
  /** The brand of the consent text the lead saw (the Host's brand, §1). */
  brand: optionalQuery(z.enum(BRAND_IDS)),
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

/**
 * POST /api/console/privacy-requests/:id: what the operator decided. Issue 29: completing a deletion request
 * names the exact leads to delete (`leads`, ids from the review, GET …/:id/review; [] deletes none), so
 * nothing is deleted that the operator did not see and confirm; `suppress` names which of the request's
 * identifiers go on the suppression list (absent: both).
 */
export const PrivacyDecisionSchema = z.object({
  decision: z.enum(['complete', 'deny']),
  note: z.string().trim().max(1000).default(''),
  leads: z.array(z.string().min(1).max(100)).max(1000).optional(),
  suppress: z
    .array(z.enum(['email', 'phone']))
    .max(2)
    .optional(),
});

/* Answers of the console's API, typed once for the server's tests and the console's pages. */

/** GET /api/console/me and POST /api/console/sign-in. */
export const SignedInSchema = OperatorSchema;

const DeliveryJobSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  buyer_key: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  reason: z.string(),
  attempts: z.number(),
  price_cents: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  next_attempt_at: z.string(),
  deadline_at: z.string(),
  last_status: z.number().nullable(),
  last_answer: z.string(),
  finished_at: z.string().nullable(),
});

export const DeliveryAttemptSchema = z.object({
  id: z.string(),
  attempt: z.number(),
  started_at: z.string(),
  latency_ms: z.number(),
  outcome: z.string(),
  failure: z.string(),
  http_status: z.number().nullable(),
  message: z.string(),
  answer_excerpt: z.string(),
});

export const OperatorActionSchema = z.object({
  operator_email: z.string(),
  action: z.string(),
  at: z.string(),
  details: z.unknown(),
});

/** GET /api/console/leads/:id: every stored field, steps, consent evidence, checks, routing, deliveries. */
export const LeadDetailSchema = z.object({
  id: z.string(),
  seq: z.number(),
  received_at: z.string(),
  anonymized_at: z.string().nullable(),
  lead: z.record(z.string(), z.unknown()),
  submission: z.unknown(),
  time_on_steps: z.array(z.object({ step: z.string(), seconds: z.number() })),
  consent: z.object({
    shown: z.string(),
    version: z.object({ id: z.string(), text: z.string(), first_served_at: z.string() }).nullable(),
    mismatch: z.string(),
    trusted_form_cert_id: z.string(),
    jornaya_leadid: z.string(),
    landing_page_url: z.string(),
    ip_address: z.string(),
    user_agent: z.string(),
    sec_gpc: z.string(),
  }),
  checks: z.object({
    phone: z.string(),
    email: z.string(),
    submission_problems: z.string(),
    claimed_variant: z.string(),
  }),
  routing: z
    .object({ decided_at: z.string(), outcome: z.string(), reason: z.string(), buyers: z.unknown() })
    .nullable(),
  deliveries: z.array(DeliveryJobSchema.extend({ attempts: z.array(DeliveryAttemptSchema) })),
  /** Issue 32: the lead's ping-post auction, every bid and decline, null when it had none. */
  auction: LeadAuctionSchema.nullable(),
  actions: z.array(OperatorActionSchema),
  /**
   * Issue 29: the lead was stored by replaying a refused body from the quarantine: by whom, when, and each
   * field the operator changed (old and new); null for a lead the visitor's page posted as it is.
   */
  replay: z
    .object({
      quarantine_id: z.string(),
      by: z.string(),
      at: z.string(),
      changes: z.array(ReplayChangeSchema),
    })
    .nullable(),
});
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

/**
 * GET /api/console/buyers: each buyer (as configured) with its jobs by status and caps used, and §4's fixed
 * consent lists with their problems (issue 28: a list naming a buyer that does not exist or is paused).
 */
export const BuyerSummariesSchema = z.object({
  buyers: z.array(
    z.object({
      buyer: BuyerConfigSchema,
      jobs: z.partialRecord(z.enum(DELIVERY_STATUSES), z.number()),
      capsUsed: z.object({ day: z.number(), month: z.number() }),
    }),
  ),
  consentLists: z.object({ lists: ConsentListsSchema, problems: z.array(z.string()) }),
});
export type BuyerSummaries = z.infer<typeof BuyerSummariesSchema>;

/** GET /api/console/jobs?status=dead: jobs of one status, newest first (the deliveries screen's dead jobs). */
export const JobsQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES).default('dead'),
  buyer: optionalQuery(BuyerKeySchema),
});
export const JobListSchema = z.object({ jobs: z.array(DeliveryJobSchema) });

/**
 * Issue 30: leads routed `not_sent` for want of a buyer (none configured, none eligible, none with room),
 * re-routed once the buyers are fixed. `since`: decided at or after this instant (default: a day ago).
 */
export const NotSentQuerySchema = z.object({ since: optionalQuery(z.iso.datetime({ offset: true })) });
export const RerouteBodySchema = z.object({ since: z.iso.datetime({ offset: true }).optional() });

export const NotSentLeadSchema = z.object({
  lead_id: z.string(),
  lead_source: z.enum(['lead', 'ingest']),
  decided_at: z.string(),
  reason: z.string(),
});
/** GET /api/console/not-sent: the leads a re-route would take (up to `limit`) and how many there are. */
export const NotSentListSchema = z.object({
  since: z.string(),
  total: z.number(),
  leads: z.array(NotSentLeadSchema),
});

/** One lead's new routing: routed (jobs written), still not_sent (the reason), or skipped (why). */
export const RerouteResultSchema = z.object({
  lead_id: z.string(),
  outcome: z.enum(['routed', 'not_sent', 'skipped']),
  reason: z.string(),
  buyers: z.array(z.string()),
});
/** POST /api/console/not-sent/reroute: what became of each lead, and whether more remain. */
export const RerouteSummarySchema = z.object({
  since: z.string(),
  routed: z.number(),
  notSent: z.number(),
  skipped: z.number(),
  more: z.boolean(),
  results: z.array(RerouteResultSchema),
});
export type RerouteSummary = z.infer<typeof RerouteSummarySchema>;
export type RerouteResult = z.infer<typeof RerouteResultSchema>;
export type NotSentList = z.infer<typeof NotSentListSchema>;

/**
 * POST /api/console/jobs/:id/resolve (issue 31): an operator's decision on a job whose outcome is unknown:
 * the buyer has the lead (delivered), does not (not_delivered: the job ends dead and may be retried), or
 * send it again (resend, confirmed knowing the buyer may buy it twice).
 */
export const ResolveJobBodySchema = z.object({ resolution: z.enum(UNKNOWN_OUTCOME_RESOLUTIONS) }).strict();
export const ResolvedJobSchema = z.object({ job: DeliveryJobSchema });

export const FieldProblemSchema = z.object({ field: z.string(), message: z.string() });

/** GET /api/console/quarantine: bodies the intake refused, with their errors. */
export const QuarantinedBodySchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  receivedAt: z.string(),
  body: z.unknown(),
  bodyBytes: z.number(),
  truncated: z.boolean(),
  errors: z.array(FieldProblemSchema),
  ipAddress: z.string(),
  userAgent: z.string(),
  status: z.enum(['open', 'replayed', 'discarded']),
  resolvedAt: z.string().nullable(),
  leadId: z.string().nullable(),
});
export type QuarantinedBody = z.infer<typeof QuarantinedBodySchema>;
export const QuarantineListSchema = z.object({ bodies: z.array(QuarantinedBodySchema) });
export const ReplayedSchema = z.object({
  lead_id: z.string(),
  changes: z.array(ReplayChangeSchema),
});

/** Issue 29: the requester as the form gave them, shown with the request. */
export const RequesterSchema = z.object({
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  reply: z.object({ email: z.boolean(), mail: z.boolean() }),
  agent: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type Requester = z.infer<typeof RequesterSchema>;

/** GET /api/console/privacy-requests: opt-out form requests with their due dates. */
export const PrivacyRequestSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
  requestTypes: z.array(z.string()),
  formData: z.unknown(),
  secGpc: z.enum(['yes', 'no']),
  status: z.enum(['open', 'completed', 'denied']),
  statusChangedAt: z.string(),
  processedBy: z.string(),
  contact: z.object({ email: z.string().optional(), phone: z.string().optional() }),
  requester: RequesterSchema,
  overdue: z.boolean(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;
export const PrivacyRequestListSchema = z.object({ requests: z.array(PrivacyRequestSchema) });
/** GET /api/console/privacy-requests/:id/review: what completing the request would delete, lead by lead. */
export const DeletionReviewSchema = z.object({
  request: PrivacyRequestSchema,
  requester: RequesterSchema,
  leads: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['lead', 'ingested', 'quarantined']),
      received_at: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      matched_by: z.array(z.enum(['email', 'phone'])),
      proposed: z.boolean(),
      reason: z.string(),
    }),
  ),
});
export type DeletionReview = z.infer<typeof DeletionReviewSchema>;

export const PrivacyDecidedSchema = z.object({
  kind: z.literal('decided'),
  status: z.enum(['completed', 'denied']),
  anonymized: z.object({ leads: z.number(), ingestedLeads: z.number() }),
  suppressed: z.boolean(),
});
