/**
 * Accident age limit per state (spec §3 "State limit table", §5 "Accident age limit").
 * Rows come from packages/funnel/data/accident-age-limits.csv; where a state's law changed, the row
 * that applies depends on the accident date (FL HB 837, LA Act 423).
 */
import type { StateLimitRow } from './state-limit-row';
import { addYears } from '../lead/dates';

export type { StateLimitRow } from './state-limit-row';

export function limitYearsFor(table: readonly StateLimitRow[], state: string, incidentDate: string): number | null {
  const row = table.find(
    (r) =>
      r.state === state &&
      (r.accidentsFrom === null || incidentDate >= r.accidentsFrom) &&
      (r.accidentsBefore === null || incidentDate < r.accidentsBefore),
  );
  return row ? row.years : null;
}

/**
 * True once today is past the last day a claim could be filed. The spec compares "years × 12" with
 * the months since the accident; we compare calendar dates so that an accident one day past its
 * anniversary counts as exceeded (docs/spec-decisions.md, §5 accident age limit).
 */
export function isAccidentLimitExceeded(
  table: readonly StateLimitRow[],
  state: string,
  incidentDate: string,
  today: string,
): boolean | null {
  const years = limitYearsFor(table, state, incidentDate);
  if (years === null) return null;
  return today > addYears(incidentDate, years);
}
