/**
 * Bodies and answers of the smaller calls of spec §7: progress snapshots, alerts, pre-submit check,
 * mappings, buyers, pre-population, the visitor's IP. Paths are fixed in issue 4 and the README.
 */
import { z } from 'zod';

const Json: z.ZodType<unknown> = z.json();

/** POST /api/save-data: a session id and the pending progress entries. */
export const SaveDataBodySchema = z.object({
  session: z.string({ error: 'session is required' }).min(1, 'session is required').max(100),
  data: Json,
});
export const SaveDataResponseSchema = z.object({ userBackupStatus: z.boolean(), userProgressionStatus: z.boolean() });

/** POST /send-slack-message. */
export const AlertBodySchema = z.object({
  text: z.string({ error: 'text is required' }).min(1, 'text is required').max(2000, 'text is at most 2000 characters'),
});

/** POST /api/pre-submit (§7 pre-submit check). */
export const PreSubmitBodySchema = z.object({
  lead_id: z.uuid().optional(),
  zip_code: z.string().max(10).optional(),
  ip_address: z.string().max(64).optional(),
  user_agent: z.string().max(1000).optional(),
  trusted_form_cert_id: z.string().max(500).optional(),
  leadid_token: z.string().max(500).optional(),
});

const NumericId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/)]).transform(String);

/** POST /inbound/get-mappings: §7 "with affid and oid (numbers)". */
export const MappingsBodySchema = z.object({
  affid: NumericId.refine((v) => v.length > 0, 'affid is required'),
  oid: NumericId.refine((v) => v.length > 0, 'oid is required'),
});
/** One operator mapping row, and the answer (§7 "read for lp_campaign_id, lp_supplier_id, lp_key"). */
export const MappingSchema = z.object({
  affid: z.string().regex(/^\d+$/),
  oid: z.string().regex(/^\d+$/),
  lp_campaign_id: z.string(),
  lp_supplier_id: z.string(),
  lp_key: z.string(),
});
export type Mapping = z.infer<typeof MappingSchema>;
export const MappingsResponseSchema = MappingSchema.pick({ lp_campaign_id: true, lp_supplier_id: true, lp_key: true });

/** POST /buyers/get-available: §7 "with body {fields}"; state picks the buyers. */
export const BuyersBodySchema = z.object({
  fields: z.object({ state: z.string().max(2).optional() }).catchall(Json),
});

/** GET /check-affid-pre/{affid}/{percentage}. */
export const PrePopulationParamsSchema = z.object({
  affid: z.string().regex(/^\d{1,12}$/, 'affid must be a number'),
  percentage: z.coerce.number().int('percentage must be a whole number').min(0).max(100),
});
export const PrePopulationResponseSchema = z.object({ result: z.enum(['yes', 'no']) });

export const VisitorIpResponseSchema = z.object({ ip: z.string() });
