/**
 * The date of birth's plausibility (issue 11): a real date giving an age from 16 to 110 on `today`.
 * The format itself is DateOfBirthSchema's (field-schemas.ts); this needs the day, which a schema has not.
 */
import { DATE_OF_BIRTH_MAX_AGE, DATE_OF_BIRTH_MIN_AGE } from '../constants';
import { addYears } from './dates';
import { MESSAGES } from './messages';

/** Age in whole years on `today` (a birthday counts once reached). */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return addYears(dateOfBirth, years) > today ? years - 1 : years;
}

/** The earliest and latest dates of birth accepted on `today`, for the date input's min and max. */
export function dateOfBirthRange(today: string): { min: string; max: string } {
  return {
    min: addYears(today, -(DATE_OF_BIRTH_MAX_AGE + 1)),
    max: addYears(today, -DATE_OF_BIRTH_MIN_AGE),
  };
}

export function dateOfBirthProblem(dateOfBirth: string, today: string): string | null {
  const age = ageOn(dateOfBirth, today);
  if (age < DATE_OF_BIRTH_MIN_AGE || age > DATE_OF_BIRTH_MAX_AGE) return MESSAGES.dateOfBirthAge;
  return null;
}
