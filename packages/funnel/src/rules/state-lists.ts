/**
 * State lists the rules refer to. The spec names their sizes, not their members (§4 "Re-tagging":
 * 50, 25 and 48 states; partial fault: "about 43"); docs/spec-decisions.md records what we chose.
 */
import { US_STATE_CODES } from '../lead/survey-answers';

const without = (...excluded: string[]): readonly string[] => US_STATE_CODES.filter((s) => !excluded.includes(s));

/** The 50 states (DC is not a state). */
export const FIFTY_STATES: readonly string[] = without('DC');

/** The contiguous 48 states. */
export const LOWER_48_STATES: readonly string[] = without('DC', 'AK', 'HI');

/** The 25 most populous states (2020 census). */
export const TOP_25_STATES: readonly string[] = [
  'CA',
  'TX',
  'FL',
  'NY',
  'PA',
  'IL',
  'OH',
  'GA',
  'NC',
  'MI',
  'NJ',
  'VA',
  'WA',
  'AZ',
  'MA',
  'TN',
  'IN',
  'MD',
  'MO',
  'WI',
  'CO',
  'MN',
  'SC',
  'AL',
  'LA',
];

/**
 * Where a driver partly at fault can still recover (comparative negligence). Excluded: the
 * contributory-negligence jurisdictions AL, DC, MD, NC and VA, where any fault bars recovery.
 */
export const COMPARATIVE_FAULT_STATES: readonly string[] = without('AL', 'DC', 'MD', 'NC', 'VA');
