/**
 * The thank-you redirect (spec §7 "Thank-you redirect query"): the landing query minus the
 * incoming _ef_transaction_id, plus the lead's contact, place, tracking and verdict.
 */
import type { DerivedFields } from '../lead/derive-lead';
import type { Language } from '../lead/lead-submission';
import type { Tracking } from './tracking-fields';

export interface ThankYouInput {
  thankYouPath: string;
  landingSearch: string;
  language: Language;
  contact: { email: string; phone: string; zip_code: string };
  tracking: Pick<Tracking, 'ef_transaction_id' | 'affid' | 'sub_id'>;
  derived: Pick<DerivedFields, 'city' | 'state' | 'state_long' | 'is_disqualified' | 'dq_reason' | 'lead_is_qualified'>;
}

export function buildThankYouUrl(input: ThankYouInput): string {
  const query = new URLSearchParams(input.landingSearch);
  query.delete('_ef_transaction_id');
  const set = (key: string, value: string) => query.set(key, value);
  set('email', input.contact.email);
  set('city', input.derived.city);
  set('state', input.derived.state);
  set('zip_code', input.contact.zip_code);
  set('phone', input.contact.phone);
  set('state_long', input.derived.state_long);
  set('ef_transaction_id', input.tracking.ef_transaction_id);
  set('affid', input.tracking.affid);
  set('sub_id', input.tracking.sub_id);
  set('is_disqualified', String(input.derived.is_disqualified));
  if (input.derived.dq_reason) set('dq_reason', input.derived.dq_reason);
  else query.delete('dq_reason');
  set('q', input.derived.lead_is_qualified === 'yes' ? 'y' : 'n');
  if (input.language === 'es') set('lang', 'es');
  return `${input.thankYouPath}?${query.toString()}`;
}
