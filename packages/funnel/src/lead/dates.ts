/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD) in UTC. The domain takes "today" as an argument
 * so that web and server compute the same values from the same inputs (no hidden clock).
 */

const MS_PER_DAY = 86_400_000;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? NaN, m ?? NaN, d ?? NaN];
}

function toUtcMs(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
}

export function isRealDate(date: string): boolean {
  const [y, m, d] = parts(date);
  const ms = Date.UTC(y, m - 1, d);
  if (Number.isNaN(ms)) return false;
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d;
}

export function formatIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today's date in UTC, from an instant the caller owns (the domain never reads the clock). */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** Whole calendar months from `from` to `to` (a month counts once its day of month is reached). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  let months = (ty - fy) * 12 + (tm - fm);
  if (td < fd) months -= 1;
  return months;
}

export function addDays(date: string, days: number): string {
  return formatIsoDate(toUtcMs(date) + days * MS_PER_DAY);
}

/** Adds whole years; 29 February rolls to 1 March in a non-leap year. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = parts(date);
  return formatIsoDate(Date.UTC(y + years, m - 1, d));
}

/** MM/DD/YYYY, the format buyers receive dates in (§3 date_accident_occurred). */
export function toUsDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
}
