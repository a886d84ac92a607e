/**
 * The consent step's fixed lists (spec §4 "Buyers by path: v4nv-d1 one buyer with ids 1-3; v4nv-d2 five
 * buyers with ids in groups of three; v4nv-x1 one buyer; otherwise buyers are fetched"), as configuration
 * that names real buyers by key (issue 28): a visitor may consent only to firms that exist and can buy the
 * lead, and the lead goes only to the firms kept (buyer-eligibility.ts, not_consented). A list naming a
 * buyer that does not exist or is paused is a problem the server refuses to start with and the console
 * shows; a paused firm is never offered.
 */
import { z } from 'zod';
import type { Buyer } from '../rules/consent-buyers';
import type { BuyerSource } from '../routes/route-registry';
import type { BuyerConfig } from './buyer-config';
import { BuyerKeySchema } from './buyer-key';

/** The routes' fixed consent lists (route-registry.ts BuyerSource, all but 'fetch'). */
export const CONSENT_LIST_IDS = ['v4nv-d1', 'v4nv-d2', 'v4nv-x1'] as const satisfies readonly BuyerSource[];
export type ConsentListId = (typeof CONSENT_LIST_IDS)[number];

export const ConsentListIdSchema = z.enum(CONSENT_LIST_IDS);

export function isConsentListId(source: string | undefined): source is ConsentListId {
  return CONSENT_LIST_IDS.some((id) => id === source);
}

/**
 * `{"v4nv-d1": ["harper-vance"], "v4nv-d2": [five keys], "v4nv-x1": [one key]}`: each list the buyers it
 * offers, in the order the step shows them. A list left out is fetched like any other consent page.
 */
export const ConsentListsSchema = z.partialRecord(
  ConsentListIdSchema,
  z
    .array(BuyerKeySchema)
    .min(1, 'a consent list names at least one buyer')
    .refine((keys) => new Set(keys).size === keys.length, 'a consent list names each buyer once'),
);
export type ConsentLists = z.infer<typeof ConsentListsSchema>;

/** What a list needs to know of a buyer. */
export type ListedBuyer = Pick<BuyerConfig, 'key' | 'name' | 'ids' | 'active'>;

/** Each problem of the lists against the buyers, in words an operator acts on; none when all is well. */
export function consentListProblems(lists: ConsentLists, buyers: readonly ListedBuyer[]): string[] {
  const byKey = new Map(buyers.map((buyer) => [buyer.key, buyer]));
  return CONSENT_LIST_IDS.flatMap((id) =>
    (lists[id] ?? []).flatMap((key) => {
      const buyer = byKey.get(key);
      if (buyer === undefined) return [`consent list ${id} names buyer ${key}, which does not exist`];
      if (!buyer.active) return [`consent list ${id} names buyer ${key} (${buyer.name}), which is paused`];
      return [];
    }),
  );
}

/**
 * The firms a fixed list offers (§3 "Buyer: name and list of ids"): its active buyers, in the list's order;
 * null when the route's source is not a configured list (the step fetches, §4).
 */
export function consentListBuyers(
  lists: ConsentLists,
  source: string | undefined,
  buyers: readonly ListedBuyer[],
): Buyer[] | null {
  if (!isConsentListId(source)) return null;
  const keys = lists[source];
  if (keys === undefined) return null;
  return keys.flatMap((key) => {
    const buyer = buyers.find((b) => b.key === key && b.active);
    return buyer ? [{ name: buyer.name, ids: [...buyer.ids] }] : [];
  });
}
