/**
 * The third-party tags of spec §3, §6, §7, §9 as data (issue 13): which the operator may configure (each a
 * script URL, GET /api/page-config), which a flow's step effect loads, and the pure readings of the values
 * the click tracker and the call-tracking script give the page. Loading and polling are the web app's
 * (apps/web/src/survey/forms/tags/); with none configured nothing loads and the fields stay empty.
 */
import { z } from 'zod';
import { SOCIAL_PIXEL_AFFID } from '../constants';
import type { FlowEffect } from '../flows/flow-definition';
import { readUsPhone } from '../lead/us-phone';
import { cleanParam, TRANSACTION_ID_PARAM } from './read-tracking';
import type { Tracking } from './tracking-fields';

const ScriptUrl = z.url().nullable();

/** Each tag's script URL, or null when the operator configured none. */
export const PageTagsSchema = z.object({
  /** §3, §9: Jornaya LeadiD (leadid_token, polled every 50 ms). */
  jornaya: ScriptUrl,
  /** §3, §9: TrustedForm (trusted_form_cert_id, trustedform_cert_url, polled every 5 ms). */
  trustedForm: ScriptUrl,
  /** §7, §9: the click tracker (registers the click; _ef_transaction_id polled every 5 ms). */
  clickTracker: ScriptUrl,
  /** §3, §9: the call-tracking number (polled every 5 ms), shown by the header's call button. */
  callTracking: ScriptUrl,
  /** §4 variants A/B/C: the ad script their first step loads. */
  adScript: ScriptUrl,
  /** §4 variants A/B/C: the pixel WasUserInjured yes loads. */
  injuryPixel: ScriptUrl,
  /** §7: the ticket flow's pixel. */
  ticketPixel: ScriptUrl,
  /** §6: the social pixel, only when affid is 389. */
  socialPixel: ScriptUrl,
  /** §4 DUI variant: the third-party script WasUserInjured yes loads. */
  duiInjuryScript: ScriptUrl,
});
export type PageTags = z.infer<typeof PageTagsSchema>;
export type PageTag = keyof PageTags;

/** The tag each step effect loads; null for an effect that loads none (the heatmap event). */
export function tagOfEffect(effect: FlowEffect): PageTag | null {
  switch (effect) {
    case 'load-ad-script':
      return 'adScript';
    case 'load-injury-pixel':
      return 'injuryPixel';
    case 'load-ticket-pixel':
      return 'ticketPixel';
    case 'load-dui-injury-script':
      return 'duiInjuryScript';
    case 'heatmap-consent-event':
      return null;
  }
}

/** §6 "a social pixel loads only when affid is 389" (the visitor's affid, after the route's default). */
export function socialPixelApplies(tracking: Pick<Tracking, 'affid'>): boolean {
  return tracking.affid === SOCIAL_PIXEL_AFFID;
}

/**
 * §7 "A click-tracking script registers a click with offer, affiliate, sub1 to sub5, uid, source_id and
 * transaction id": the click as the tracker's `EF.click` takes it. Offer and affiliate are the visitor's oid
 * and affid (the route's defaults when the URL has none); the subs, uid, source_id and the transaction id
 * are the URL's own, an unfilled {placeholder} empty (§3).
 */
export interface TrackerClick {
  offer_id: string;
  affiliate_id: string;
  sub1: string;
  sub2: string;
  sub3: string;
  sub4: string;
  sub5: string;
  uid: string;
  source_id: string;
  transaction_id: string;
}

export function trackerClick(search: string, tracking: Pick<Tracking, 'oid' | 'affid'>): TrackerClick {
  const params = new URLSearchParams(search);
  const get = (name: string) => cleanParam(params.get(name));
  return {
    offer_id: tracking.oid,
    affiliate_id: tracking.affid,
    sub1: get('sub1'),
    sub2: get('sub2'),
    sub3: get('sub3'),
    sub4: get('sub4'),
    sub5: get('sub5'),
    uid: get('uid'),
    source_id: get('source_id'),
    transaction_id: get(TRANSACTION_ID_PARAM),
  };
}

/** The transaction id the address carries now (the tracker writes it there), '' when none. */
export function transactionIdOf(search: string): string {
  return cleanParam(new URLSearchParams(search).get(TRANSACTION_ID_PARAM)).slice(0, 500);
}

/**
 * §3 "Phone number state: call-tracking number and its formatted form; default is a toll-free US number":
 * the ten digits of the US number (lead/us-phone.ts) the call-tracking script gave, or null when it gave none
 * or something else, and the page keeps its default.
 */
export function callTrackingDigits(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return readUsPhone(String(value));
}
