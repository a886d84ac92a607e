/**
 * Re-tagging (spec §4 "Re-tagging"): leads on the at-fault "special path" (§4 WasUserInjured: at fault,
 * injured, accident 12 months old or less), in a flow's state list and with clean text, go to another
 * campaign under other tracking ids. DUI leads with a prior offence move to their own offer.
 */
import { INJURY_PATH_MAX_MONTHS } from '../constants';
import { toUsDate } from '../lead/dates';

export const RETAG = {
  oid: '1500',
  affid: '1000350',
  lp_action: 'test',
  case_type: 'FormMVA',
  settlement_offers: 'no',
} as const;

export interface RetagInput {
  at_Fault?: string | undefined;
  physical_injury?: string | undefined;
  months_from_incident_date?: number | undefined;
  is_gibberish?: string | undefined;
  name_gibberish?: string | undefined;
  incident_date?: string | undefined;
  state: string;
}

export interface RetagFields {
  oid: string;
  affid: string;
  original_oid: string;
  original_affid: string;
  lp_action: string;
  case_type: string;
  settlement_offers: string;
  date_accident_occurred: string;
  state_accident_occurred: string;
}

export function retagFor(
  lead: RetagInput,
  states: readonly string[] | null,
  tracking: { oid: string; affid: string },
): RetagFields | null {
  if (states === null || !states.includes(lead.state)) return null;
  const specialPath =
    lead.at_Fault === 'yes' &&
    lead.physical_injury === 'Yes' &&
    lead.months_from_incident_date !== undefined &&
    lead.months_from_incident_date <= INJURY_PATH_MAX_MONTHS;
  if (!specialPath) return null;
  if (lead.is_gibberish === 'yes' || lead.name_gibberish === 'yes') return null;
  return {
    ...RETAG,
    original_oid: tracking.oid,
    original_affid: tracking.affid,
    date_accident_occurred: lead.incident_date ? toUsDate(lead.incident_date) : '',
    state_accident_occurred: lead.state,
  };
}

/** §4 DUI variant: a prior alcohol-related offence sets oid 136 and affid 1. */
export const DUI_PRIOR_OFFENSE_TRACKING = { oid: '136', affid: '1' } as const;
