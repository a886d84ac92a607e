/**
 * The thank-you redirect (spec §7 "Thank-you redirect query"): the landing query minus the
 * incoming _ef_transaction_id, plus the lead's contact, place, tracking and verdict, with each
 * variant's quirks (extra parameters, the ticket form, the doubled question mark).
 */
import type { DerivedFields } from '../lead/derive-lead';
import type { Language } from '../lead/lead-submission';
import type { ThankYouPage } from '../routes/route-registry';
import { TRANSACTION_ID_PARAM } from './read-tracking';
import type { Tracking } from './tracking-fields';

export interface ThankYouInput {
  page: ThankYouPage;
  landingSearch: string;
  language: Language;
  contact: { email: string; phone: string; zip_code: string };
  tracking: Pick<Tracking, 'ef_transaction_id' | 'affid' | 'sub_id'>;
  derived: Pick<DerivedFields, 'city' | 'state' | 'state_long' | 'is_disqualified' | 'dq_reason' | 'lead_is_qualified'>;
  /** The settlement estimate's compLevel (§7), sent as cl only when the landing query has show-meter=yes. */
  compLevel?: string;
}

/** §1/§7: the thank-you page speaks the variant's language, whatever the landing query said. */
function setLanguage(query: URLSearchParams, language: Language): void {
  if (language === 'es') query.set('lang', 'es');
  else query.delete('lang');
}

/**
 * §7 "Ticket redirect carries the query string plus affid and sub_id": the click's transaction id stays
 * (the click tracker's, once it wrote one, else the landing URL's), so the ticket conversion is attributed;
 * the language is the page's (issue 27).
 */
function ticketThankYouUrl(input: ThankYouInput): string {
  const query = new URLSearchParams(input.landingSearch);
  if (input.tracking.ef_transaction_id) query.set(TRANSACTION_ID_PARAM, input.tracking.ef_transaction_id);
  query.set('affid', input.tracking.affid);
  query.set('sub_id', input.tracking.sub_id);
  setLanguage(query, input.language);
  return `${input.page.path}?${query.toString()}`;
}

export function buildThankYouUrl(input: ThankYouInput): string {
  if (input.page.ticket) return ticketThankYouUrl(input);
  const query = new URLSearchParams(input.landingSearch);
  const showMeter = query.get('show-meter') === 'yes';
  query.delete(TRANSACTION_ID_PARAM);
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
  if (showMeter && input.compLevel) set('cl', input.compLevel);
  else query.delete('cl');
  setLanguage(query, input.language);
  for (const [key, value] of Object.entries(input.page.extraParams ?? {})) set(key, value);
  return `${input.page.path}${input.page.doubledQuestionMark ? '??' : '?'}${query.toString()}`;
}

/**
 * Reads a thank-you query, tolerating the doubled question mark (whose first key arrives as "?email").
 */
export function readThankYouQuery(search: string): URLSearchParams {
  return new URLSearchParams(search.replace(/^\?+/, ''));
}

/**
 * The §7 query fields that identify the visitor (issue 11): read by the thank-you page, then taken out of
 * the address bar, so they are not left in the browser's history, a shared screen or a bookmark.
 */
export const PERSONAL_THANK_YOU_FIELDS = ['email', 'phone', 'zip_code', 'city', 'state', 'state_long'] as const;

/**
 * A thank-you query without the personal fields, its form kept (the doubled question mark of §2):
 * "" when nothing is left.
 */
export function withoutPersonalFields(search: string): string {
  const query = readThankYouQuery(search);
  for (const field of PERSONAL_THANK_YOU_FIELDS) query.delete(field);
  const rest = query.toString();
  if (rest === '') return '';
  return `${search.startsWith('??') ? '??' : '?'}${rest}`;
}
