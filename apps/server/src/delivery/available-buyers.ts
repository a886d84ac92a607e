/**
 * The buyers the server offers for one-to-one consent (spec §7 POST /buyers/get-available, §9), from the
 * buyers in the database: on a route with a fixed list (§4 "Buyers by path", issue 28: configuration naming
 * real buyers, delivery/consent-lists.ts in the domain) the list's firms, otherwise those that take the lead
 * so far (its state, and every criterion whose field the page already has), best price first; either way
 * only firms that can buy the lead; none: the §9 fallback firms outside the excluded states; all possible:
 * every active buyer, the team entry 8674 first. The route answers it; the intake checks a posted consent
 * against it (issue 13: a client cannot add a buyer the visitor never saw).
 */
import {
  buyerRefusal,
  compareBuyers,
  consentListBuyers,
  DEFAULT_TEAM_BUYER_ID,
  fallbackBuyersForState,
  withTeamEntryFirst,
  type Buyer,
  type BuyerConfig,
  type BuyerSource,
} from '@app/funnel';
import type { Services } from '../services';
import { LEAD_INGEST_BUYER_KEY } from './lead-ingest-buyer';

export interface AvailableBuyers {
  selectedBuyers: Buyer[];
  allPossibleBuyers: Buyer[];
}

type LeadFields = Parameters<typeof buyerRefusal>[0];

async function activeBuyers(services: Services): Promise<BuyerConfig[]> {
  return (await services.delivery.buyers.all()).filter((b) => b.active && b.key !== LEAD_INGEST_BUYER_KEY);
}

/**
 * The firms a consent page offers for these fields: its route's list (its firms that can take the lead so
 * far, in the list's order), or the buyers that can, best price first.
 */
function offeredFirms(services: Services, active: readonly BuyerConfig[], fields: LeadFields, source?: BuyerSource) {
  const canBuy = (b: BuyerConfig) => buyerRefusal(fields, b, 'partial') === null;
  const listed = consentListBuyers(services.config.operator.consentLists, source, active);
  if (listed !== null) return listed.filter((firm) => firmCanBuy(active, firm, fields) === true);
  return active.filter(canBuy).sort(compareBuyers).map(buyerOf);
}

export async function availableBuyers(
  services: Services,
  fields: LeadFields,
  source?: BuyerSource,
  /**
   * Issue 32: the page's own call asks the ping-post buyers first and leaves out those that say no
   * (auction/pre-ping.ts); the intake's check of a posted consent does not ping (it accepts what the page
   * could have shown, and the auction sells only to the firms the visitor chose).
   */
  options: { prePing?: boolean } = {},
): Promise<AvailableBuyers> {
  const everyActive = await activeBuyers(services);
  // A route's fixed list offers its firms alone: only those among them are pinged (no wait for the others).
  const listedFirms = consentListBuyers(services.config.operator.consentLists, source, everyActive);
  const mayBeOffered = (b: BuyerConfig) =>
    buyerRefusal(fields, b, 'partial') === null &&
    (listedFirms === null || listedFirms.some((firm) => b.ids.some((id) => firm.ids.includes(id))));
  const declining = options.prePing
    ? await services.delivery.decliningNow(everyActive.filter(mayBeOffered), fields)
    : new Set<string>();
  const active = everyActive.filter((b) => !declining.has(b.key));
  const selected = offeredFirms(services, active, fields, source);
  const listed = consentListBuyers(services.config.operator.consentLists, source, active);
  const state = typeof fields.state === 'string' ? fields.state : '';
  const shown =
    selected.length > 0
      ? selected
      : fallbackFirms(active, state).filter((firm) => firmCanBuy(active, firm, fields) === true);
  return {
    selectedBuyers: shown,
    // A fixed list's page could offer its firms alone; §9: the team entry first, as on every page, under its
    // configured name when a buyer has its id.
    allPossibleBuyers: withTeamEntryFirst(unique([...teamEntry(active), ...(listed ?? active.map(buyerOf)), ...shown])),
  };
}

/**
 * Every buyer a consent page of this source could have shown for these fields: its firms, plus the
 * fallback firms (the page shows these when its call failed, §8).
 */
export async function offeredConsentBuyers(
  services: Services,
  source: BuyerSource,
  fields: LeadFields,
): Promise<Buyer[]> {
  const state = typeof fields.state === 'string' ? fields.state : '';
  const { selectedBuyers } = await availableBuyers(services, fields, source);
  return unique([...selectedBuyers, ...fallbackFirms(await activeBuyers(services), state)]);
}

/** §9's team entry (id 8674) as configured, when a buyer has its id. */
function teamEntry(active: readonly BuyerConfig[]): Buyer[] {
  return active.filter((b) => b.ids.includes(DEFAULT_TEAM_BUYER_ID)).map(buyerOf);
}

/** A buyer as the consent step shows it (§3 "Buyer: name and list of ids"). */
function buyerOf(buyer: BuyerConfig): Buyer {
  return { name: buyer.name, ids: buyer.ids };
}

/** Whether the configured buyer of a firm can take the lead so far; undefined when no buyer has its ids. */
function firmCanBuy(active: readonly BuyerConfig[], firm: Buyer, fields: LeadFields): boolean | undefined {
  const buyer = active.find((b) => b.ids.some((id) => firm.ids.includes(id)));
  return buyer === undefined ? undefined : buyerRefusal(fields, buyer, 'partial') === null;
}

/** §9's fallback firms for the state, under their configured names when the operator has them. */
function fallbackFirms(buyers: readonly BuyerConfig[], state: string): Buyer[] {
  return fallbackBuyersForState(state).map((firm) => {
    const configured = buyers.find((b) => b.ids.some((id) => firm.ids.includes(id)));
    return configured ? buyerOf(configured) : firm;
  });
}

function unique(buyers: readonly Buyer[]): Buyer[] {
  const seen = new Set<string>();
  return buyers.filter((b) => {
    const key = b.ids.join('_');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
