/**
 * Whose "today" (issue 27). Every window of §4 and §5 (14 and 15 days, 12 months, 365 and 730 days, the
 * state limits) counts days on the visitor's calendar, not on UTC's: at 8 pm in Los Angeles the UTC date is
 * already tomorrow, and a visitor on day 15 would be judged on day 16. The page sends its UTC offset; the
 * server bounds it to the offsets of US time zones and counts from the visitor's date (docs/spec-decisions.md).
 */
import { formatIsoDate } from './dates';

const MINUTES_PER_HOUR = 60;
/**
 * The US time zones' offsets from UTC, in minutes east: from American Samoa (UTC−11) to Guam and the
 * Northern Mariana Islands (UTC+10).
 */
export const US_UTC_OFFSET_BOUNDS = { min: -11 * MINUTES_PER_HOUR, max: 10 * MINUTES_PER_HOUR } as const;

/**
 * When the page sent no offset (an older page, an ingest client), Hawaii's (UTC−10, no daylight saving):
 * the westernmost of the states, whose date is never ahead of a state visitor's, so no window closes on a
 * visitor early.
 */
export const DEFAULT_VISITOR_UTC_OFFSET = -10 * MINUTES_PER_HOUR;

/** An offset the page claimed, as the server reads it: whole minutes within the US zones' bounds. */
export function boundedUtcOffset(minutesEast: number | undefined): number {
  if (minutesEast === undefined || !Number.isFinite(minutesEast)) return DEFAULT_VISITOR_UTC_OFFSET;
  return Math.min(US_UTC_OFFSET_BOUNDS.max, Math.max(US_UTC_OFFSET_BOUNDS.min, Math.round(minutesEast)));
}

/** The visitor's calendar date (YYYY-MM-DD) at an instant, for an offset in minutes east of UTC. */
export function visitorDateOf(instant: Date, minutesEast: number | undefined): string {
  return formatIsoDate(instant.getTime() + boundedUtcOffset(minutesEast) * 60_000);
}
