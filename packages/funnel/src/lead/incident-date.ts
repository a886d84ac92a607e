/**
 * incident_date and the ages computed from it (spec §3, §5). The day defaults to 01 when the visitor
 * did not give one; a year without a month means 1 January; "Earlier than 2015" is read as 1 January
 * 2014, which is past every state's limit and the 730-day window (docs/spec-decisions.md). What only the
 * date screen needs (its problem, its lists) lives beside it (incident-date-problem.ts,
 * incident-date-options.ts), so the derivation in the survey's first chunk does not carry it (issue 10).
 */
import {
  EARLIER_THAN_FIRST_YEAR,
  FIRST_LISTED_ACCIDENT_YEAR,
  OVER_TWO_YEARS,
  QUALIFICATION_WINDOW_DAYS,
  WITHIN_LAST_YEAR_DAYS,
} from '../constants';
import { daysBetween, isRealDate, monthsBetween } from './dates';

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
