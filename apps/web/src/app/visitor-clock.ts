/**
 * The visitor's clock (issue 27): the survey counts the accident's age from the visitor's own date, as the
 * server does from the offset the lead carries (packages/funnel lead/visitor-day.ts), not from UTC's. The
 * page reads the device's date as it is; the server bounds the offset to US zones (a device set to a zone
 * outside them, UTC+11 and beyond, may be a day apart: the server's replay of the walk allows a day either
 * side, lead/read-submission.ts). No bounds here: the survey's first chunk carries this (issue 10).
 */
import { isoDateOf } from '@app/funnel';

const MS_PER_MINUTE = 60_000;

/** The device's UTC offset in minutes east (−480 in California in winter), sent with the lead. */
export function visitorUtcOffset(now: Date = new Date()): number {
  return 0 - now.getTimezoneOffset();
}

/** Today on the visitor's calendar (YYYY-MM-DD). */
export function visitorToday(now: Date = new Date()): string {
  return isoDateOf(new Date(now.getTime() + visitorUtcOffset(now) * MS_PER_MINUTE));
}
