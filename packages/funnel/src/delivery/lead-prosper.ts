/**
 * Lead Prosper's direct post (issue 14: the ticket flow and the minimal variant go to the external
 * lead-ingest service, §4, through a Lead Prosper `direct_post` adapter). A campaign's supplier API
 * spec names `lp_campaign_id`, `lp_supplier_id` and `lp_key` (required), `lp_action` ("test" flags a
 * test lead), `lp_subid1`/`lp_subid2`, then the lead in its own field names (`phone` as 10 digits,
 * `state` as 2 letters, `zip_code` as 5 digits, yes/no answers in lower case). It answers JSON
 * `{status: "ACCEPTED" | "DUPLICATED" | "ERROR", code, message, lead_id}`.
 */
import type { AnswerRule, FieldSource } from './buyer-config';

export const LEAD_PROSPER_ANSWER: AnswerRule = {
  kind: 'json-field',
  field: 'status',
  accepted: ['ACCEPTED'],
  duplicate: ['DUPLICATED'],
  rejected: ['ERROR'],
  messageField: 'message',
};

/** The lead in a personal-injury campaign's field names (the lp_* fields are added by the adapter). */
export const LEAD_PROSPER_FIELDS: Readonly<Record<string, FieldSource>> = {
  lp_subid1: 'sub_id',
  lp_subid2: 'click_id',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
  zip_code: 'zip_code',
  date_of_birth: 'date_of_birth',
  incident_date: 'incident_date',
  physical_injury: { field: 'physical_injury', format: 'lowercase' },
  currently_represented: 'with_Lawyer',
  at_fault: 'at_Fault',
  police_report: 'police_report',
  case_description: 'case_description',
  ticket_type: 'ticket_type',
  ticket_state: 'ticket_state',
  ip_address: 'ip_address',
  user_agent: 'user_agent',
  landing_page: 'landing_page_url',
  landing_page_url: 'landing_page_url',
  tcpa_text: 'tcpa',
  jornaya_leadid: 'leadid_token',
  trustedform_cert_url: 'trustedform_cert_url',
  sub_id1: 'sub_id',
  sub_id2: 'sub_id2',
  sub_id3: 'sub_id3',
  sub_id4: 'sub_id4',
  external_lead_id: 'lead_id',
};
