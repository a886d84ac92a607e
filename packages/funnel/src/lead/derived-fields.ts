/**
 * The fields deriveLead computes (spec §3, §4, §5), as a schema: the stored lead (lead-record.ts) is the
 * submission extended with them. Apart from derive-lead.ts so that deriving needs no schema (issue 10).
 */
import { z } from 'zod';
import { MEDICAL_TIMING } from './survey-answers';

const YesNo = z.enum(['yes', 'no']);

export const DerivedFieldsSchema = z.object({
  incident_date: z.string().optional(),
  injury_day: z.string().optional(),
  days_from_incident_date: z.number().int().optional(),
  months_from_incident_date: z.number().int().optional(),
  accident_within_last_year: YesNo.optional(),
  accident_date_button: z.string().optional(),
  accident_limit_exceeded: z.union([z.literal(0), z.literal(1)]),
  at_Fault: YesNo.optional(),
  physical_injury: z.enum(['Yes', 'No']).optional(),
  doctor_treatment: z.enum(['Yes', 'No']).optional(),
  when_seek_medical_treatment: z.enum(MEDICAL_TIMING).optional(),
  when_seek_medical_treatment_date: z.string().optional(),
  injury_rx_qualified: YesNo.optional(),
  lawyer_redirect_reason: z.string(),
  case_description: z.string().optional(),
  bad_words: YesNo.optional(),
  enough_words: YesNo.optional(),
  is_gibberish: YesNo.optional(),
  name_gibberish: YesNo.optional(),
  name_bad_word: YesNo.optional(),
  city: z.string(),
  state: z.string(),
  state_long: z.string(),
  county: z.string(),
  is_disqualified: z.boolean(),
  dq_reason: z.string(),
  do_not_send_to_dq: YesNo,
  lead_is_qualified: YesNo,
  // §3 "Added on submit in some variants": re-tagging and the DUI offer move the lead to other ids.
  oid: z.string().optional(),
  affid: z.string().optional(),
  original_oid: z.string().optional(),
  original_affid: z.string().optional(),
  lp_action: z.string().optional(),
  case_type: z.string().optional(),
  settlement_offers: z.string().optional(),
  date_accident_occurred: z.string().optional(),
  state_accident_occurred: z.string().optional(),
  injuries_sustained: z.string().optional(),
});

export type DerivedFields = z.infer<typeof DerivedFieldsSchema>;
