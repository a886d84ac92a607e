/** Business constants of spec §9, named once so rules and tests cite the same number. */

/** §1: English and Spanish; en is the default and the fallback. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_OID = '81';
export const DEFAULT_AFFID = '1';
/** §3: affid falls back to 10 when a lead reaches posting without one. */
export const POSTING_FALLBACK_AFFID = '10';
export const DEFAULT_SUB_ID = '1';
/** §6: "a social pixel loads only when affid is 389". */
export const SOCIAL_PIXEL_AFFID = '389';

/** §9 "Country code +1": the North American Numbering Plan's, written before a US number's ten digits. */
export const US_COUNTRY_CODE = '1';
/** §5, §9: a phone has at least 10 digits, a US number's ten national digits (lead/us-phone.ts). */
export const PHONE_MIN_DIGITS = 10;
/** §9 "opt-out: 14 formatted": a complete "(512) 555-0100" is 14 characters. */
export const OPT_OUT_PHONE_LENGTH = 14;
export const ZIP_LENGTH = 5;
export const CASE_DESCRIPTION_MIN_CHARS = 20;
export const ENOUGH_WORDS_MIN = 4;

/** §5: accident_within_last_year is yes under 365 days. */
export const WITHIN_LAST_YEAR_DAYS = 365;
/** §4: lead_is_qualified needs the incident within 730 days. */
export const QUALIFICATION_WINDOW_DAYS = 730;
/** §4 medical window: the treatment follow-up is asked up to 14 days after the accident. */
export const WILLING_TO_TREAT_MAX_DAYS = 14;
/** §4 medical window: injured visitors this recent are treated as in treatment. */
export const FORCED_TREATMENT_MAX_DAYS = 15;
/** §4: the at-fault injury path needs the accident 12 months old or less. */
export const INJURY_PATH_MAX_MONTHS = 12;
/** §4: when_seek_medical_treatment_date is the incident date plus 4 days when forced. */
export const FORCED_TREATMENT_OFFSET_DAYS = 4;

/** §2 "Screen content": the year list starts here, with one entry for anything earlier. */
export const FIRST_LISTED_ACCIDENT_YEAR = 2015;
export const EARLIER_THAN_FIRST_YEAR = 'Earlier than 2015';

/** §3: accident_date_button value that flags an old accident. */
export const OVER_TWO_YEARS = 'Over 2 Years';

/** §3/§9 compensation meter: where the meter starts, the top of its scale, and the most it ever shows. */
export const COMPENSATION_INITIAL = 5000;
export const COMPENSATION_MAX = 250000;
/** §9 "front-end cap 249500 (mark at full bar)". */
export const COMPENSATION_DISPLAY_CAP = 249500;
/** §9: height of one band's block of the meter, in px. */
export const COMPENSATION_BLOCK_HEIGHT_PX = 60.71;

/** §8/§9: the two fallback firms used when no buyer is returned and the state is not excluded. */
export const FALLBACK_BUYER_IDS = ['40747', '40745'] as const;
/** §9: states where the fallback firms are not used. */
export const FALLBACK_BUYERS_EXCLUDED_STATES = [
  'AL',
  'AR',
  'AZ',
  'CA',
  'DC',
  'FL',
  'GA',
  'IA',
  'IL',
  'IN',
  'KS',
  'KY',
  'MA',
  'MD',
  'MI',
  'MS',
  'NE',
  'NH',
  'TN',
  'TX',
  'UT',
  'VA',
] as const;
/** §9: the default team entry, always first in all possible buyers. */
export const DEFAULT_TEAM_BUYER_ID = '8674';
/** §9: share of visitors whose lp_s2 is google (the rest facebook). */
export const LP_S2_GOOGLE_SHARE = 0.75;

/**
 * Issue 11: the ages a date of birth may give. Under 16 cannot have signed up alone and over 110 is a
 * typing slip (a year of 1915 for 1995); both are refused with a message, not stored.
 */
export const DATE_OF_BIRTH_MIN_AGE = 16;
export const DATE_OF_BIRTH_MAX_AGE = 110;
/** §7, §9: how long the page waits for POST /buyers/get-available. */
export const BUYERS_TIMEOUT_MS = 15_000;
/** §4, §9: the SMS code's length and the wait before another code may be sent. */
export const VERIFICATION_CODE_LENGTH = 6;
export const SMS_RESEND_COOLDOWN_MS = 30_000;
/** §9 polling intervals of the third-party tags' values. */
export const LEAD_ID_TOKEN_POLL_MS = 50;
export const TAG_VALUE_POLL_MS = 5;
