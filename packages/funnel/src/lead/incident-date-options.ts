/**
 * The years, months and days the date screen offers (spec §2; issue 11: never a date in the future). Apart
 * from incident-date.ts, which the derivation (first chunk) needs, so they travel with the form screens.
 */
import { EARLIER_THAN_FIRST_YEAR, FIRST_LISTED_ACCIDENT_YEAR } from '../constants';

export function yearOptions(today: string): string[] {
  const current = Number(today.slice(0, 4));
  const years: string[] = [];
  for (let y = current; y >= FIRST_LISTED_ACCIDENT_YEAR; y--) years.push(String(y));
  years.push(EARLIER_THAN_FIRST_YEAR);
  return years;
}

/**
 * The months the visitor may pick for a year (issue 11: a month in the future is not offered rather than
 * refused after the fact): all twelve, up to this month in the current year. As "01".."12".
 */
export function monthOptions(year: string | undefined, today: string): string[] {
  const last = year === today.slice(0, 4) ? Number(today.slice(5, 7)) : 12;
  return Array.from({ length: last }, (_, i) => String(i + 1).padStart(2, '0'));
}

/** The days of a month the visitor may pick: the month's days, up to today in the current month. */
export function dayOptions(year: string | undefined, month: string | undefined, today: string): string[] {
  const y = Number(year);
  const m = Number(month);
  const inMonth = Number.isInteger(y) && m >= 1 && m <= 12 ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 31;
  const last = `${year}-${month}` === today.slice(0, 7) ? Number(today.slice(8, 10)) : inMonth;
  return Array.from({ length: last }, (_, i) => String(i + 1).padStart(2, '0'));
}
