/**
 * One-to-one consent buyers (spec §3 "Consent fields", §4 "Consent variant" and "Consent decision",
 * §7 POST /buyers/get-available, §8 buyers failure, §9 fallback buyers and formats).
 * The law firms a visitor consents to be contacted by: which are shown, which stay selected, how the
 * lead records them, and which consent modal (if any) the visitor sees before going on.
 */
import { z } from 'zod';
import { DEFAULT_TEAM_BUYER_ID, FALLBACK_BUYER_IDS, FALLBACK_BUYERS_EXCLUDED_STATES } from '../constants';

/**
 * A buyer id: digits in every example of the spec (§9 40747, 40745, 8674; §4 ids 1-3). Letters and '-'
 * are tolerated, but never '_' or '|', which are the separators of the stored strings (§9).
 */
export const BuyerIdSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((id) => String(id).trim())
  .pipe(z.string().regex(/^[0-9A-Za-z-]+$/, 'A buyer id is letters, digits or "-"'));

/** §3 "Buyer: name and list of ids". */
export const BuyerSchema = z.object({
  name: z.string().trim().min(1),
  ids: z.array(BuyerIdSchema).min(1),
});

export type Buyer = z.infer<typeof BuyerSchema>;

/**
 * §7 POST /buyers/get-available: "response read for selectedBuyers and allPossibleBuyers". A missing list
 * reads as empty; other keys are ignored. A malformed buyer fails the whole response, which the caller
 * treats like a failed call (§8: empty lists, then the fallback rule).
 */
export const BuyersResponseSchema = z.object({
  selectedBuyers: z.array(BuyerSchema).default([]),
  allPossibleBuyers: z.array(BuyerSchema).default([]),
});

export type BuyersResponse = z.infer<typeof BuyersResponseSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* Fallback and team entry (§8, §9)                                                                   */
/* ------------------------------------------------------------------------------------------------ */

/**
 * §8/§9: the two fallback firms, one id each. The spec gives ids only; the names are generic
 * placeholders for the operator to replace.
 */
export const FALLBACK_BUYERS: readonly Buyer[] = FALLBACK_BUYER_IDS.map((id, i) => ({
  name: `Fallback Partner Law Firm ${i + 1}`,
  ids: [id],
}));

/** §9 "Default team entry id 8674 always first in all possible buyers". The name is a placeholder. */
export const DEFAULT_TEAM_BUYER: Buyer = { name: 'Default Team', ids: [DEFAULT_TEAM_BUYER_ID] };

/**
 * §9: the fallback firms are used when the state is not in the excluded list. An unknown state (empty:
 * the zip lookup failed, §8) gets no fallback: the rule exists to keep these firms out of some states,
 * and a state we do not know may be one of them.
 */
export function fallbackBuyersForState(state: string): readonly Buyer[] {
  const code = state.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return [];
  const excluded: readonly string[] = FALLBACK_BUYERS_EXCLUDED_STATES;
  return excluded.includes(code) ? [] : FALLBACK_BUYERS;
}

/** The team entry first, once: moved to the front if the list already has it, added if not (§9). */
export function withTeamEntryFirst(buyers: readonly Buyer[]): Buyer[] {
  const isTeam = (b: Buyer) => b.ids.includes(DEFAULT_TEAM_BUYER_ID);
  const team = buyers.find(isTeam) ?? DEFAULT_TEAM_BUYER;
  return [team, ...buyers.filter((b) => !isTeam(b))];
}

/* ------------------------------------------------------------------------------------------------ */
/* Which buyers the visitor sees                                                                      */
/* ------------------------------------------------------------------------------------------------ */

export interface ConsentBuyers {
  /** The buyers shown with a checkbox; all start selected. */
  displayed: Buyer[];
  /** Every buyer the lead could go to, the team entry first (§9). */
  allPossible: Buyer[];
  /** §3 1_to_1_timeout: yes when the buyers call failed, timed out or answered nonsense (§8). */
  timeout: 'yes' | 'no';
}

/**
 * The buyers of the consent step. `response` is the body of POST /buyers/get-available, or undefined when
 * the call failed or timed out (§8); on a route with a fixed list (§4 "Buyers by path") the server answers
 * the list's firms (delivery/consent-lists.ts, issue 28). The API's selectedBuyers are the ones shown
 * (pre-selected); allPossibleBuyers is the wider record. §8 "if none are returned and the state is not
 * excluded, two fallback firms are used": the server applies that rule itself, offering the fallback firms
 * only where they can take the lead (issue 28: a visitor consents only to firms that can buy it), so the page
 * adds them only when the call failed; they join the "all possible" list.
 */
export function resolveConsentBuyers(input: { state: string; response: unknown }): ConsentBuyers {
  const parsed = input.response === undefined ? undefined : BuyersResponseSchema.safeParse(input.response);
  const response = parsed?.success ? parsed.data : { selectedBuyers: [], allPossibleBuyers: [] };
  const timeout = parsed?.success ? 'no' : 'yes';
  if (response.selectedBuyers.length > 0) {
    const allPossible = response.allPossibleBuyers.length > 0 ? response.allPossibleBuyers : response.selectedBuyers;
    return { displayed: response.selectedBuyers, allPossible: withTeamEntryFirst(allPossible), timeout };
  }
  const fallback = parsed?.success ? [] : fallbackBuyersForState(input.state);
  return {
    displayed: [...fallback],
    allPossible: withTeamEntryFirst([...response.allPossibleBuyers, ...fallback]),
    timeout,
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* Stored formats (§3 consent fields, §9)                                                             */
/* ------------------------------------------------------------------------------------------------ */

/**
 * §9 "Consent buyer ids joined as _id_id_ segments": every id of every buyer, in order, joined by '_'
 * with a '_' before the first and after the last: [{ids:[1,2,3]},{ids:[4]}] → "_1_2_3_4_". Each id is
 * then enclosed by underscores, so a search for "_2_" finds id 2 and never 12 or 23. No buyers → "".
 * Ids are not de-duplicated: the string records exactly what the buyers carried.
 */
export function formatBuyerIds(buyers: readonly Buyer[]): string {
  const ids = buyers.flatMap((b) => b.ids);
  return ids.length === 0 ? '' : `_${ids.join('_')}_`;
}

/** The ids of a §9 `_id_id_` string, the inverse of formatBuyerIds: "_1_2_3_" → ["1", "2", "3"]. */
export function parseBuyerIds(text: string | undefined): string[] {
  return (text ?? '').split('_').filter((id) => id !== '');
}

/**
 * §9 "names with |": "Firm A|Firm B". A '|' inside a name would split it in two when read back, so it
 * is written as '/'.
 */
export function formatBuyerNames(buyers: readonly Buyer[]): string {
  return buyers.map((b) => b.name.trim().replaceAll('|', '/')).join('|');
}

/** Identity of a buyer for comparing selections: its ids, in order. */
function buyerKey(buyer: Buyer): string {
  return formatBuyerIds([buyer]);
}

/**
 * §3 selected_buyers_changed: yes when the final selection is not the one first offered (all displayed
 * buyers pre-selected). Compared as sets, so unticking a firm and ticking it again is not a change.
 */
export function selectedBuyersChanged(initial: readonly Buyer[], final: readonly Buyer[]): 'yes' | 'no' {
  const before = new Set(initial.map(buyerKey));
  const after = new Set(final.map(buyerKey));
  const same = before.size === after.size && [...before].every((key) => after.has(key));
  return same ? 'no' : 'yes';
}

export interface ConsentBuyerFields {
  selected_buyers: string;
  selected_buyer_names: string;
  /** Same id format as selected_buyers (§9 gives one format for buyer ids); names are in *_names. */
  displayed_buyers: string;
  selected_buyers_number: number;
  selected_buyers_changed: 'yes' | 'no';
  all_possible_buyer_names: string;
  all_possible_buyer_ids: string;
  /** Counts the team entry, which is part of the list (§9). */
  all_possible_buyers_number: number;
}

/** The §3 consent fields of a lead, from what was shown and what the visitor left selected. */
export function consentBuyerFields(buyers: ConsentBuyers, selected: readonly Buyer[]): ConsentBuyerFields {
  return {
    selected_buyers: formatBuyerIds(selected),
    selected_buyer_names: formatBuyerNames(selected),
    displayed_buyers: formatBuyerIds(buyers.displayed),
    selected_buyers_number: selected.length,
    selected_buyers_changed: selectedBuyersChanged(buyers.displayed, selected),
    all_possible_buyer_names: formatBuyerNames(buyers.allPossible),
    all_possible_buyer_ids: formatBuyerIds(buyers.allPossible),
    all_possible_buyers_number: buyers.allPossible.length,
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* Consent decision (§4)                                                                              */
/* ------------------------------------------------------------------------------------------------ */

export type ConsentModal = 'first' | 'second' | 'none';

/**
 * §4 "Consent decision": no buyers selected shows the second consent modal; fewer selected than
 * available shows the first; otherwise none. "Available" is the buyers displayed. With no buyer
 * available at all there is nothing to consent to, so no modal (the spec is silent on this case).
 */
export function decideConsentModal(selectedCount: number, availableCount: number): ConsentModal {
  if (availableCount <= 0) return 'none';
  if (selectedCount <= 0) return 'second';
  if (selectedCount < availableCount) return 'first';
  return 'none';
}

/** §3 "modal shown counts". */
export interface ConsentModalCounts {
  first: number;
  second: number;
}

/** §4 "The first modal counter rises each time shown" (the second is counted the same way). */
export function countModalShown(counts: ConsentModalCounts, modal: ConsentModal): ConsentModalCounts {
  if (modal === 'none') return counts;
  return { ...counts, [modal]: counts[modal] + 1 };
}

/* ------------------------------------------------------------------------------------------------ */
/* The visitor's choice, as the lead records it (issue 13)                                            */
/* ------------------------------------------------------------------------------------------------ */

/** A buyer's identity in a selection: its ids in the `_id_id_` form (the same for the page and the server). */
export function buyerKeyOf(buyer: Buyer): string {
  return buyerKey(buyer);
}

/**
 * §3 1_to_1_result and 1_to_1_dq (the spec names them, not their values; docs/spec-decisions.md): the
 * result says how much of the offer the visitor kept; dq is yes when no buyer was kept, since such a lead
 * can go to no one (delivery sends a consent lead only to buyers named in selected_buyers).
 */
export function consentOutcome(
  selectedCount: number,
  displayedCount: number,
): { '1_to_1_result': 'all_selected' | 'some_selected' | 'none_selected'; '1_to_1_dq': 'yes' | 'no' } {
  const result =
    selectedCount <= 0 ? 'none_selected' : selectedCount < displayedCount ? 'some_selected' : 'all_selected';
  return { '1_to_1_result': result, '1_to_1_dq': selectedCount <= 0 ? 'yes' : 'no' };
}

export interface CheckedConsentChoice {
  /** The selected buyers that were offered, under the server's names, in the page's order. */
  selected: Buyer[];
  /** The displayed buyers that were offered. */
  displayed: Buyer[];
  /** Ids the page named that were never offered (a forged or stale body): kept out, recorded. */
  refusedIds: string[];
}

/**
 * The server's reading of a consent choice (issue 13: "a client cannot add a buyer the visitor never
 * saw"): every buyer id in selected_buyers and displayed_buyers must belong to a buyer the server would
 * have offered. A selected buyer counts only when all its ids were offered as one buyer; ids of buyers
 * never offered are refused. Names come from the offer, never from the body.
 */
export function checkConsentChoice(
  offered: readonly Buyer[],
  fields: { selected_buyers?: string | undefined; displayed_buyers?: string | undefined },
): CheckedConsentChoice {
  const byId = new Map<string, Buyer>();
  for (const buyer of offered) for (const id of buyer.ids) if (!byId.has(id)) byId.set(id, buyer);
  const read = (text: string | undefined) => {
    const kept: Buyer[] = [];
    const refused: string[] = [];
    for (const id of parseBuyerIds(text)) {
      const buyer = byId.get(id);
      if (!buyer) refused.push(id);
      else if (!kept.includes(buyer)) kept.push(buyer);
    }
    return { kept, refused };
  };
  const selected = read(fields.selected_buyers);
  const displayed = read(fields.displayed_buyers);
  return {
    selected: selected.kept,
    displayed: displayed.kept,
    refusedIds: [...new Set([...selected.refused, ...displayed.refused])],
  };
}

/**
 * Issue 28: a visitor offered law firms one by one who kept none (§4 "no buyers selected shows the second
 * consent modal", then "Continue without a law firm"; §3 1_to_1_dq) consented to no buyer: the lead is
 * kept and never sold, not even to buyers of disqualified leads, and the thank-you page promises no call.
 */
export const NO_FIRM_CHOSEN_VERDICT = {
  is_disqualified: true,
  dq_reason: '1_to_1_dq|yes',
  do_not_send_to_dq: 'yes',
  lead_is_qualified: 'no',
} as const;
