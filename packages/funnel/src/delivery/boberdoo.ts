/**
 * The post of a full lead to a boberdoo-style buyer (issue 32 "Adapters"; its ping: auction/boberdoo-ping.ts).
 * boberdoo's `pingPostLead` takes the post on the ping's URL with `Mode=post` and the ping's `lead_id` as
 * `Lead_ID`; a lead that had no ping (no bid id: a fallback outside an auction) goes with `Mode=full`,
 * which pings and posts in one call. The answer asked for is XML:
 * `<response><status>Matched</status><lead_id>…</lead_id></response>` when the buyer took the lead,
 * `Unmatched` or `Error` with an `<error>` when it did not.
 */
import type { AnswerRule, FieldSource } from './buyer-config';

export const BOBERDOO_POST_ANSWER: AnswerRule = {
  kind: 'xml-field',
  field: 'response.status',
  accepted: ['Matched'],
  duplicate: ['Duplicate'],
  rejected: ['Unmatched', 'Error'],
  messageField: 'response.error',
};

/** The full lead under boberdoo-style names; a lead type's own names go in the target's `fields`. */
export const BOBERDOO_POST_FIELDS: Readonly<Record<string, FieldSource>> = {
  First_Name: 'first_name',
  Last_Name: 'last_name',
  Email: 'email',
  Primary_Phone: 'phone',
  Address: 'address',
  City: 'city',
  State: 'state',
  Zip: 'zip_code',
  Incident_Date: 'incident_date',
  Injured: 'physical_injury',
  Medical_Treatment: 'doctor_treatment',
  At_Fault: 'at_Fault',
  Has_Attorney: 'with_Lawyer',
  Police_Report: 'police_report',
  Description: 'case_description',
  IP_Address: 'ip_address',
  User_Agent: 'user_agent',
  Landing_Page: 'landing_page_url',
  TCPA_Text: 'tcpa',
  Trusted_Form_URL: 'trustedform_cert_url',
  Jornaya_LeadID: 'leadid_token',
  Sub_ID: 'sub_id',
  External_Lead_ID: 'lead_id',
};
