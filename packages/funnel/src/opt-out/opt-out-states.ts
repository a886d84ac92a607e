/**
 * The places a visitor can pick on the opt-out form (spec §9 "Opt-out states: 50 US states, DC,
 * territories and 4 Canadian provinces"). Privacy requests come from people the business may hold
 * data on, which is wider than the survey's 50-state market, hence the territories and provinces.
 */
import { z } from 'zod';
import { US_STATE_CODES } from '../lead/survey-answers';
import { US_STATE_NAMES } from '../lead/us-state-names';
import { OPT_OUT_MESSAGES } from './opt-out-messages';

export const OPT_OUT_STATES = [
  // The 50 states and DC: the survey's own list, in the order of their names.
  ...US_STATE_CODES,
  // The five inhabited US territories.
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
  // §9 says "4 Canadian provinces" without naming them: we take the four most populous (Ontario,
  // Quebec, British Columbia, Alberta), which hold about 86% of Canada's population.
  'AB',
  'BC',
  'ON',
  'QC',
] as const;

export type OptOutState = (typeof OPT_OUT_STATES)[number];

/** Labels for the form's select; `Record` makes the compiler demand exactly one name per code. */
export const OPT_OUT_STATE_NAMES: Readonly<Record<OptOutState, string>> = {
  ...US_STATE_NAMES,
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  AB: 'Alberta',
  BC: 'British Columbia',
  ON: 'Ontario',
  QC: 'Quebec',
};

/**
 * The exact two-letter code from the select: no trimming or case folding, since the form never
 * produces anything else. §5 has a single state message, used for missing and unknown codes alike.
 */
export const OptOutStateSchema = z.enum(OPT_OUT_STATES, { error: OPT_OUT_MESSAGES.state });
