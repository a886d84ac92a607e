/**
 * What a ping-post buyer is told about a lead before it bids (issue 32 "Ping"): only what it needs to price
 * it, never who the visitor is. No name, email, phone, street, city, IP, user agent, description or
 * certificate: the zip code is cut to its first three digits (a sectional centre, shared by tens of
 * thousands of people) and the accident date to its month and year. Pure; the full lead goes only to the
 * winner, at post.
 */
import type { LeadFields } from '../delivery/buyer-eligibility';

/** The ping's fields, in the order every adapter sends them. */
export const PING_FIELDS = [
  'state',
  'zip_prefix',
  'accident_month',
  'accident_year',
  'injured',
  'treated',
  'at_fault',
  'has_lawyer',
  'police_report',
  'variant',
  'language',
  'sub_affiliate',
  'consent_type',
] as const;
export type PingField = (typeof PING_FIELDS)[number];
export type PingLead = Readonly<Record<PingField, string>>;

/** §3 1_to_1_consent: a visitor who chose firms one by one (§4 consent variants), or the partners' text. */
export const PING_CONSENT_TYPES = ['one-to-one', 'partners'] as const;

function text(lead: LeadFields, field: string): string {
  const value = lead[field];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The accident's year and month from the derived incident_date (YYYY-MM-DD), '' when unknown. */
function accidentMonth(lead: LeadFields): { month: string; year: string } {
  const match = /^(\d{4})-(\d{2})-\d{2}/.exec(text(lead, 'incident_date'));
  return match ? { year: match[1] ?? '', month: match[2] ?? '' } : { year: '', month: '' };
}

export function pingLead(lead: LeadFields): PingLead {
  const zip = text(lead, 'zip_code');
  const { month, year } = accidentMonth(lead);
  return {
    state: text(lead, 'state'),
    zip_prefix: /^\d{5}/.test(zip) ? zip.slice(0, 3) : '',
    accident_month: month,
    accident_year: year,
    injured: text(lead, 'physical_injury'),
    treated: text(lead, 'doctor_treatment'),
    at_fault: text(lead, 'at_Fault'),
    has_lawyer: text(lead, 'with_Lawyer'),
    police_report: text(lead, 'police_report'),
    variant: text(lead, 'variant'),
    language: text(lead, 'language'),
    sub_affiliate: text(lead, 'sub_id'),
    consent_type: lead['1_to_1_consent'] === 'yes' ? 'one-to-one' : 'partners',
  };
}
