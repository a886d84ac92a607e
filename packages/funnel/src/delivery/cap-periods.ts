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

function periodsOf(at: Date, timeZone: string): CapPeriods {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const month = `${parts.year ?? ''}-${parts.month ?? ''}`;
  return { day: `day:${month}-${parts.day ?? ''}`, month: `month:${month}` };
}

/**
 * The last periods read per time zone, with the whole UTC second they were read in (issue 15: a lead's
 * routing reads them for each capped buyer, ~5 µs each through Intl). A zone's days begin on whole
 * seconds (the time zone database has no finer offsets), so every instant of one second has its periods.
 */
const lastRead = new Map<string, { second: number; periods: CapPeriods }>();

/** 'day:2026-11-22' and 'month:2026-11' of the instant `at` in `timeZone` (an IANA name). */
export function capPeriods(at: Date, timeZone: string): CapPeriods {
  const second = Math.floor(at.getTime() / 1000);
  const last = lastRead.get(timeZone);
  if (last !== undefined && last.second === second) return { day: last.periods.day, month: last.periods.month };
  const periods = periodsOf(at, timeZone);
  lastRead.set(timeZone, { second, periods });
  return { day: periods.day, month: periods.month };
}
