/**
 * The buyers the server offers for one-to-one consent (spec §7 POST /buyers/get-available, §9), from the
 * buyers in the database: those that take the lead so far (its state, and every criterion whose field the
 * page already has), best price first; none: the §9 fallback firms outside the excluded states; all
 * possible: every active buyer, the team entry 8674 first. The route answers it; the intake checks a
 * posted consent against it (issue 13: a client cannot add a buyer the visitor never saw).
 */
import {
  buyerRefusal,
  compareBuyers,
  fallbackBuyersForState,
  staticBuyersFor,
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

export async function availableBuyers(services: Services, fields: LeadFields): Promise<AvailableBuyers> {
  const active = await activeBuyers(services);
  const selected = active.filter((b) => buyerRefusal(fields, b, 'partial') === null).sort(compareBuyers);
  const state = typeof fields.state === 'string' ? fields.state : '';
  const shown = selected.length > 0 ? selected.map(buyerOf) : fallbackFirms(active, state);
  return {
    selectedBuyers: shown,
    allPossibleBuyers: withTeamEntryFirst(unique([...active.map(buyerOf), ...shown])),
  };
}

/**
 * Every buyer a consent page of this source could have shown for these fields: the fixed ones, or the
 * fetched ones plus the fallback firms (the page shows these when its call failed, §8).
 */
export async function offeredConsentBuyers(
  services: Services,
  source: BuyerSource,
  fields: LeadFields,
): Promise<Buyer[]> {
  const fixed = staticBuyersFor(source);
  if (fixed !== null) return [...fixed];
  const state = typeof fields.state === 'string' ? fields.state : '';
  const { selectedBuyers } = await availableBuyers(services, fields);
  return unique([...selectedBuyers, ...fallbackFirms(await activeBuyers(services), state)]);
}

/** A buyer as the consent step shows it (§3 "Buyer: name and list of ids"). */
function buyerOf(buyer: BuyerConfig): Buyer {
  return { name: buyer.name, ids: buyer.ids };
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
