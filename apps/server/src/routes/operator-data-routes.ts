/**
 * Calls answered from operator data and simple rules (spec §7): lead mappings, available buyers,
 * the pre-population check and the settlement estimate.
 */
import {
  BuyersBodySchema,
  estimateSettlement,
  findLeadMapping,
  MappingsBodySchema,
  PrePopulationParamsSchema,
  SettlementEstimateQuerySchema,
} from '@app/funnel';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/parse-body';
import { validationRateLimit } from '../http/rate-limit';
import { availableBuyers } from '../delivery/available-buyers';
import type { Services } from '../services';

export function registerOperatorDataRoutes(app: FastifyInstance, services: Services): void {
  const limited = { config: { rateLimit: validationRateLimit(services.config.CHECK_LIMIT_PER_MINUTE) } };
  const { mappings } = services.config.operator;

  app.post('/inbound/get-mappings', limited, async (request, reply) => {
    const body = parseBody(MappingsBodySchema, request.body, reply);
    if (!body) return reply;
    const found = findLeadMapping(mappings, body);
    // Issue 27: a pair with no mapping is the usual case (the page asks on every visit), not an error.
    if (!found) return reply.code(204).send();
    return reply.send({
      lp_campaign_id: found.lp_campaign_id,
      lp_supplier_id: found.lp_supplier_id,
      lp_key: found.lp_key,
    });
  });

  // §7, §9: delivery/available-buyers.ts.
  app.post('/buyers/get-available', limited, async (request, reply) => {
    const body = parseBody(BuyersBodySchema, request.body, reply);
    if (!body) return reply;
    return reply.send(await availableBuyers(services, body.fields, body.list, { prePing: true }));
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
