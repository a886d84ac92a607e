/**
 * Why an accident date cannot be accepted (spec §5 messages), for the date screen and the server's schema.
 * Apart from incident-date.ts, which the derivation (first chunk) needs, so that the message table travels
 * only with the form screens (issue 10).
 */
import { EARLIER_THAN_FIRST_YEAR } from '../constants';
import { incidentDateOf, type IncidentDateParts } from './incident-date';
import { MESSAGES } from './messages';

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
