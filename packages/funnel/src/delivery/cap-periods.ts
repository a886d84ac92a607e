/**
 * The day and month a buyer's caps count in (issue 14: daily and monthly caps), read in the buyer's
 * own time zone: a cap of 20 a day on Eastern time resets at midnight in New York, not in London.
 */

export interface CapPeriods {
  day: string;
  month: string;
}

/** A formatter costs far more to make than to use: one per time zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** 'day:2026-11-22' and 'month:2026-11' of the instant `at` in `timeZone` (an IANA name). */
export function capPeriods(at: Date, timeZone: string): CapPeriods {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const month = `${parts.year ?? ''}-${parts.month ?? ''}`;
  return { day: `day:${month}-${parts.day ?? ''}`, month: `month:${month}` };
}
