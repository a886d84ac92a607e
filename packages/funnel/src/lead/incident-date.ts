/**
 * incident_date and the ages computed from it (spec §3, §5). The day defaults to 01 when the visitor
 * did not give one; a year without a month means 1 January; "Earlier than 2015" is read as 1 January
 * 2014, which is past every state's limit and the 730-day window (docs/spec-decisions.md).
 */
import {
  EARLIER_THAN_FIRST_YEAR,
  FIRST_LISTED_ACCIDENT_YEAR,
  OVER_TWO_YEARS,
  QUALIFICATION_WINDOW_DAYS,
  WITHIN_LAST_YEAR_DAYS,
} from '../constants';
import { daysBetween, isRealDate, monthsBetween } from './dates';
import { MESSAGES } from './messages';

export interface IncidentDateParts {
  injury_year?: string | undefined;
  injury_month?: string | undefined;
  injury_day?: string | undefined;
}

export function incidentDateOf(parts: IncidentDateParts): string | null {
  const { injury_year: year, injury_month: month, injury_day: day } = parts;
  if (!year) return null;
  if (year === EARLIER_THAN_FIRST_YEAR) return `${FIRST_LISTED_ACCIDENT_YEAR - 1}-01-01`;
  const date = `${year}-${month ?? '01'}-${month ? (day ?? '01') : '01'}`;
  return isRealDate(date) ? date : null;
}

/** Why an accident date cannot be accepted, or null when it can. */
export function incidentDateProblem(parts: IncidentDateParts, today: string): string | null {
  if (!parts.injury_year) return MESSAGES.accidentYear;
  if (parts.injury_year !== EARLIER_THAN_FIRST_YEAR && !parts.injury_month) {
    return MESSAGES.accidentMonth;
  }
  const date = incidentDateOf(parts);
  if (date === null) return MESSAGES.accidentDay;
  if (date > today) return MESSAGES.accidentDate;
  return null;
}

export interface IncidentAges {
  incident_date: string;
  injury_day: string;
  days_from_incident_date: number;
  months_from_incident_date: number;
  accident_within_last_year: 'yes' | 'no';
  accident_date_button: string;
}

export function incidentAges(parts: IncidentDateParts, today: string): IncidentAges | null {
  const date = incidentDateOf(parts);
  if (date === null) return null;
  const days = daysBetween(date, today);
  return {
    incident_date: date,
    injury_day: date.slice(8, 10),
    days_from_incident_date: days,
    months_from_incident_date: monthsBetween(date, today),
    accident_within_last_year: days < WITHIN_LAST_YEAR_DAYS ? 'yes' : 'no',
    // The extended flow asks for a date, not a button; the button value is read off the date so
    // that the §4 "not Over 2 Years" conditions still hold.
    accident_date_button: days > QUALIFICATION_WINDOW_DAYS ? OVER_TWO_YEARS : 'Within 2 Years',
  };
}

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
