/**
 * When an opt-out request (§3 opt-out form) must be answered: 15 business days after receipt to stop
 * selling or sharing (CCPA regulations, 11 CCR §7026(f)); 45 calendar days to answer a request to know,
 * delete or correct (Cal. Civ. Code §1798.130(a)(2)). An appeal gets 45 days too: Colorado's window,
 * the shortest we know of (Virginia and Connecticut give 60). A request of several kinds is due on the
 * earliest of its dates.
 *
 * Every choice here errs early, never late:
 * - Business days skip weekends only, not federal or state holidays: skipping a holiday could only move
 *   the date later, and which holiday calendar counts is not ours to guess.
 * - The day of receipt is the calendar date in Hawaii, the westernmost state: no state's residents
 *   are on a later date than that, so the count starts no later than theirs would.
 */
import type { OptOutRequestType } from './opt-out-request-type';

export const OPT_OUT_BUSINESS_DAYS = 15;
export const REQUEST_CALENDAR_DAYS = 45;
const RECEIPT_TIME_ZONE = 'Pacific/Honolulu';

/** The last day (YYYY-MM-DD, inclusive) to answer a request received on `receivedOn` (YYYY-MM-DD). */
export function optOutDueDate(receivedOn: string, requestTypes: readonly OptOutRequestType[]): string {
  if (requestTypes.length === 0) throw new Error('An opt-out request names at least one request type');
  return requestTypes
    .map((type) =>
      type === 'optOutOfSaleOrSharingOfInformation'
        ? addBusinessDays(receivedOn, OPT_OUT_BUSINESS_DAYS)
        : addCalendarDays(receivedOn, REQUEST_CALENDAR_DAYS),
    )
    .reduce((earliest, date) => (date < earliest ? date : earliest));
}

/** The calendar date a request received at `receivedAt` counts from (see the note at the top). */
export function receiptDateOf(receivedAt: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: RECEIPT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(receivedAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function addCalendarDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The `days`-th weekday after `isoDate`; the day itself is not counted. */
export function addBusinessDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

function parseIsoDate(isoDate: string): Date {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(date.getTime()) || !date.toISOString().startsWith(isoDate)) {
    throw new Error(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  }
  return date;
}
