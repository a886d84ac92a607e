/**
 * Bodies and answers of the smaller calls of spec §7: progress snapshots, alerts, pre-submit check,
 * mappings, buyers, pre-population, the visitor's IP. Paths are fixed in issue 4 and the README.
 */
import { z } from 'zod';
import { machineText } from '../tracking/tracking-fields';
import { ConsentListIdSchema } from '../delivery/consent-lists';
import { boundedJson } from './bounded-json';

/** POST /api/save-data: a session id and the pending progress entries. */
export const SaveDataBodySchema = z.object({
  session: machineText(100, 'session is required'),
  data: boundedJson(),
});
export const SaveDataResponseSchema = z.object({ userBackupStatus: z.boolean(), userProgressionStatus: z.boolean() });

/** POST /api/pre-submit (§7 pre-submit check). */
export const PreSubmitBodySchema = z.object({
  lead_id: z.uuid().optional(),
  zip_code: machineText(10).optional(),
  ip_address: machineText(64).optional(),
  user_agent: machineText(1000).optional(),
  trusted_form_cert_id: machineText(500).optional(),
  leadid_token: machineText(500).optional(),
});

/** POST /api/pre-submit answers 204 with no body. */
export const PreSubmitAnswerSchema = z.null();

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
/**
 * The page's reading of the answer (issue 27): the ids, or null for 204, the server's "no mapping for this
 * pair" (not an error: most visits have none, and a 404 would mark every such page view as failing).
 */
export const MappingsAnswerSchema = MappingsResponseSchema.nullable();

/** POST /buyers/get-available: §7 "with body {fields}"; state picks the buyers. */
export const BuyersBodySchema = z.object({
  fields: z.object({ state: z.string().max(2).optional() }).catchall(boundedJson()),
  /**
   * Issue 28: the route's fixed consent list (§4 "Buyers by path"), when it has one: the server answers its
   * configured firms. A list the server does not have is answered like any other page.
   */
  list: ConsentListIdSchema.optional(),
});

/** GET /check-affid-pre/{affid}/{percentage}. */
export const PrePopulationParamsSchema = z.object({
  affid: z.string().regex(/^\d{1,12}$/, 'affid must be a number'),
  percentage: z.coerce.number().int('percentage must be a whole number').min(0).max(100),
});
export const PrePopulationResponseSchema = z.object({ result: z.enum(['yes', 'no']) });

export const VisitorIpResponseSchema = z.object({ ip: z.string() });
