/**
 * Calls answered from operator data and simple rules (spec §7): lead mappings, available buyers,
 * the pre-population check and the settlement estimate.
 */
import {
  buyerRefusal,
  BuyersBodySchema,
  compareBuyers,
  estimateSettlement,
  fallbackBuyersForState,
  withTeamEntryFirst,
  type Buyer,
  type BuyerConfig,
  MappingsBodySchema,
  PrePopulationParamsSchema,
  SettlementEstimateQuerySchema,
} from '@app/funnel';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/parse-body';
import { VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import { LEAD_INGEST_BUYER_KEY } from '../delivery/lead-ingest-buyer';
import type { Services } from '../services';

const limited = { config: { rateLimit: VALIDATION_RATE_LIMIT } };

export function registerOperatorDataRoutes(app: FastifyInstance, services: Services): void {
  const { mappings } = services.config.operator;

  app.post('/inbound/get-mappings', limited, async (request, reply) => {
    const body = parseBody(MappingsBodySchema, request.body, reply);
    if (!body) return reply;
    const found = mappings.find((m) => m.affid === body.affid && m.oid === body.oid);
    if (!found) {
      return reply
        .code(404)
        .send({ error: 'no_mapping', message: `No mapping for affid ${body.affid} and oid ${body.oid}` });
    }
    return reply.send({
      lp_campaign_id: found.lp_campaign_id,
      lp_supplier_id: found.lp_supplier_id,
      lp_key: found.lp_key,
    });
  });

  // §7, §9 from the buyers in the database: those that take the lead so far (its state, and every
  // criterion whose field the page already has), best price first; none: the §9 fallback firms outside
  // the excluded states; all possible: every active buyer, the team entry 8674 first.
  app.post('/buyers/get-available', limited, async (request, reply) => {
    const body = parseBody(BuyersBodySchema, request.body, reply);
    if (!body) return reply;
    const active = (await services.delivery.buyers.all()).filter((b) => b.active && b.key !== LEAD_INGEST_BUYER_KEY);
    const selected = active.filter((b) => buyerRefusal(body.fields, b, 'partial') === null).sort(compareBuyers);
    const shown = selected.length > 0 ? selected.map(buyerOf) : fallbackFirms(active, body.fields.state ?? '');
    return reply.send({
      selectedBuyers: shown,
      allPossibleBuyers: withTeamEntryFirst(unique([...active.map(buyerOf), ...shown])),
    });
  });

  // §7: yes for `percentage` percent of calls (the browser skips the call at 100).
  app.get('/check-affid-pre/:affid/:percentage', limited, async (request, reply) => {
    const params = parseBody(PrePopulationParamsSchema, request.params, reply);
    if (!params) return reply;
    return reply.send({ result: randomInt(100) < params.percentage ? 'yes' : 'no' });
  });

  app.get('/api/settlement-estimate', limited, async (request, reply) => {
    const query = parseBody(SettlementEstimateQuerySchema, request.query, reply);
    if (!query) return reply;
    return reply.send(estimateSettlement(query));
  });
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
