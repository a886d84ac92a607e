/**
 * Re-tagging (spec §4 "Re-tagging"): "in states in a list of 50 US state codes (other variants: a shorter
 * 25-state list and a longer 48-state list), when the lead is eligible for the special path and neither
 * gibberish flag is set, set oid 1500, lp_action test, affid 1000350, case_type FormMVA, settlement_offers
 * no, date as MM/DD/YYYY". Eligibility is rules/special-path.ts, the same predicate the flow branches on,
 * read with §4's partial fault (isRetaggedSpecialPath). §3 "Added on submit in some variants: …
 * injuries_sustained": a re-tagged lead carries the injury the visitor named on the special path, which is
 * what its buyer prices (issue 27). DUI leads with a prior offence move to their own offer.
 */
import { toUsDate } from '../lead/dates';

export const RETAG = {
  oid: '1500',
  affid: '1000350',
  lp_action: 'test',
  case_type: 'FormMVA',
  settlement_offers: 'no',
} as const;

export interface RetagInput {
  /** isRetaggedSpecialPath of the lead's answers. */
  specialPath: boolean;
  /** The injury named at WasUserInjured: one of the special path's serious injuries. */
  specific_injury?: string | undefined;
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
  injuries_sustained: string;
}

export function retagFor(
  lead: RetagInput,
  states: readonly string[] | null,
  tracking: { oid: string; affid: string },
): RetagFields | null {
  if (states === null || !states.includes(lead.state)) return null;
  if (!lead.specialPath) return null;
  if (lead.is_gibberish === 'yes' || lead.name_gibberish === 'yes') return null;
  return {
    ...RETAG,
    original_oid: tracking.oid,
    original_affid: tracking.affid,
    date_accident_occurred: lead.incident_date ? toUsDate(lead.incident_date) : '',
    state_accident_occurred: lead.state,
    injuries_sustained: lead.specific_injury ?? '',
  };
}

/** §4 DUI variant: a prior alcohol-related offence sets oid 136 and affid 1. */
export const DUI_PRIOR_OFFENSE_TRACKING = { oid: '136', affid: '1' } as const;
