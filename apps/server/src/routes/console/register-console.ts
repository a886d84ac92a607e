/**
 * The operator console's API under /api/console (issue 16). Sign-in is open (and rate-limited); every
 * other call needs a signed-in operator and is refused from another site (console/console-guard.ts).
 * Actions that change something are recorded with the operator who took them.
 */
import cookie from '@fastify/cookie';
import {
  BuyerKeySchema,
  consentListProblems,
  JobsQuerySchema,
  LeadFiltersSchema,
  NotSentQuerySchema,
  PrivacyDecisionSchema,
  ReplayBodySchema,
  RerouteBodySchema,
  ResolveJobBodySchema,
} from '@app/funnel';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { operatorOf, requireOperator } from '../../console/console-guard';
import { leadDetail } from '../../console/lead-detail';
import { listLeads } from '../../console/lead-queries';
import { leadsCsv } from '../../console/leads-csv';
import { recordOperatorAction } from '../../console/operator-audit';
import { contactOfRequest, decidePrivacyRequest } from '../../console/process-privacy-request';
import { getOptOutRequest, listOptOutRequests } from '../../db/opt-out-store';
import { requesterOf, reviewDeletion } from '../../console/deletion-review';
import { getQuarantined, listQuarantined } from '../../db/quarantine-store';
import { getBuyer, saveBuyer } from '../../delivery/buyer-store';
import { buyerSummaries } from '../../delivery/buyer-summary';
import { getJob, jobsWithStatus } from '../../delivery/delivery-jobs-store';
import { listNotSent, rerouteSince } from '../../delivery/reroute-not-sent';
import { discardQuarantined, replayQuarantined } from '../../intake/replay-quarantined';
import { sendApiError } from '../../http/api-error-reply';
import { parseWithProblems, sendInvalidBody } from '../../http/parse-body';
import type { Services } from '../../services';
import { registerAnalyticsRoutes } from './analytics-routes';
import { registerAuctionRoutes } from './auction-routes';
import { registerConsoleAuthRoutes } from './console-auth-routes';

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });
const KeyParamsSchema = z.object({ key: BuyerKeySchema });
const QuarantineQuerySchema = z.object({
  status: z.enum(['open', 'replayed', 'discarded']).default('open'),
  before: z.string().max(40).optional(),
});

const notFound = (reply: FastifyReply, what: string) => sendApiError(reply, 404, 'not_found', `No such ${what}`);
const conflict = (reply: FastifyReply, message: string) => sendApiError(reply, 409, 'conflict', message);

export async function registerConsole(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(cookie);
      registerConsoleAuthRoutes(api, services);

      // Everything below: a signed-in operator, from this site.
      await api.register((guarded, _options, done) => {
        guarded.addHook('preHandler', async (request, reply) => {
          const refused = await requireOperator(services, request, reply);
          if (refused) return refused;
          // Answers hold personal data: never kept by a browser or a proxy.
          void reply.header('cache-control', 'no-store');
          return undefined;
        });
        registerLeadRoutes(guarded, services);
        registerDeliveryRoutes(guarded, services);
        registerQuarantineRoutes(guarded, services);
        registerPrivacyRoutes(guarded, services);
        registerAnalyticsRoutes(guarded, services);
        registerAuctionRoutes(guarded, services);
        done();
      });
    },
    { prefix: '/api/console' },
  );
}

function parse<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = parseWithProblems(schema, value);
  if (parsed.ok) return parsed.data;
  void sendInvalidBody(reply, parsed.fields);
  return undefined;
}

function registerLeadRoutes(app: FastifyInstance, services: Services): void {
  app.get('/leads', async (request, reply) => {
    const filters = parse(LeadFiltersSchema, request.query, reply);
    if (!filters) return reply;
    return reply.send(await listLeads(services.db, filters));
  });

  app.get('/leads.csv', async (request, reply) => {
    const filters = parse(LeadFiltersSchema, request.query, reply);
    if (!filters) return reply;
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'export_leads_csv',
      target: 'leads',
      details: filters,
      at: services.now(),
    });
    const day = services.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
      .send(leadsCsv(services.db, filters));
  });

  app.get('/leads/:id', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    if (!params) return reply;
    const detail = await leadDetail(services.db, params.id);
    return detail ? reply.send(detail) : notFound(reply, 'lead');
  });
}

function registerDeliveryRoutes(app: FastifyInstance, services: Services): void {
  app.get('/buyers', async (_request, reply) => {
    const summaries = await buyerSummaries(services);
    const lists = services.config.operator.consentLists;
    const problems = consentListProblems(lists, await services.delivery.buyers.all());
    return reply.send({ buyers: summaries, consentLists: { lists, problems } });
  });

  app.put('/buyers/:key', async (request, reply) => {
    const params = parse(KeyParamsSchema, request.params, reply);
    if (!params) return reply;
    const body: unknown = request.body;
    const config = typeof body === 'object' && body !== null ? { ...body, key: params.key } : body;
    const saved = await saveBuyer(services.db, config, services.now(), {
      env: services.config.env,
      production: services.config.production,
      allowedHosts: services.config.delivery.allowedTargetHosts,
    });
    // Each problem keyed by its field's path ("target.url"), so the console's form shows it next to that field.
    if (!saved.ok) return sendInvalidBody(reply, saved.problems);
    services.delivery.buyers.refresh();
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'save_buyer',
      target: params.key,
      details: saved.buyer,
      at: services.now(),
    });
    return reply.send({ buyer: saved.buyer });
  });

  for (const action of ['pause', 'resume'] as const) {
    app.post(`/buyers/:key/${action}`, async (request, reply) => {
      const params = parse(KeyParamsSchema, request.params, reply);
      if (!params) return reply;
      if (!(await getBuyer(services.db, params.key))) return notFound(reply, 'buyer');
      await services.delivery.pauseBuyer(params.key, action === 'pause');
      await recordOperatorAction(services.db, {
        operator: operatorOf(request),
        action: `${action}_buyer`,
        target: params.key,
        at: services.now(),
      });
      return reply.send({ key: params.key, active: action === 'resume' });
    });
  }

  // Issue 30: leads not sent for want of a buyer, and their re-routing once the buyers are fixed.
  app.get('/not-sent', async (request, reply) => {
    const query = parse(NotSentQuerySchema, request.query, reply);
    if (!query) return reply;
    return reply.send(await listNotSent(services.db, rerouteSince(query.since, services.now()), 50));
  });

  app.post('/not-sent/reroute', async (request, reply) => {
    const body = parse(RerouteBodySchema, request.body ?? {}, reply);
    if (!body) return reply;
    const summary = await services.delivery.rerouteNotSent(rerouteSince(body.since, services.now()));
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'reroute_not_sent',
      target: 'leads',
      details: { since: summary.since, routed: summary.routed, notSent: summary.notSent, skipped: summary.skipped },
      at: services.now(),
    });
    return reply.send(summary);
  });

  app.get('/jobs', async (request, reply) => {
    const query = parse(JobsQuerySchema, request.query, reply);
    if (!query) return reply;
    return reply.send({ jobs: await jobsWithStatus(services.db, { ...query, limit: 200 }) });
  });

  app.post('/jobs/:id/retry', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    if (!params) return reply;
    if (!(await getJob(services.db, params.id))) return notFound(reply, 'job');
    const result = await services.delivery.retryJob(params.id);
    if (!result.ok) return conflict(reply, result.reason);
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'retry_job',
      target: result.job.lead_id,
      details: { job: result.job.id, buyer: result.job.buyer_key },
      at: services.now(),
    });
    return reply.send({ job: result.job });
  });

  // Issue 31: a job whose outcome is unknown is resolved by an operator: delivered, not delivered, re-send.
  app.post('/jobs/:id/resolve', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    const body = params && parse(ResolveJobBodySchema, request.body, reply);
    if (!params || !body) return reply;
    if (!(await getJob(services.db, params.id))) return notFound(reply, 'job');
    const result = await services.delivery.resolveUnknownJob(params.id, body.resolution);
    if (!result.ok) return conflict(reply, result.reason);
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'resolve_unknown_job',
      target: result.job.lead_id,
      details: { job: result.job.id, buyer: result.job.buyer_key, resolution: body.resolution },
      at: services.now(),
    });
    return reply.send({ job: result.job });
  });
}

function registerQuarantineRoutes(app: FastifyInstance, services: Services): void {
  app.get('/quarantine', async (request, reply) => {
    const query = parse(QuarantineQuerySchema, request.query, reply);
    if (!query) return reply;
    const bodies = await listQuarantined(services.db, {
      status: query.status,
      limit: 100,
      ...(query.before ? { before: query.before } : {}),
    });
    return reply.send({ bodies });
  });

  app.get('/quarantine/:id', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    if (!params) return reply;
    const body = await getQuarantined(services.db, params.id);
    return body ? reply.send(body) : notFound(reply, 'quarantined body');
  });

  app.post('/quarantine/:id/replay', { bodyLimit: 128 * 1024 }, async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    const input = params && parse(ReplayBodySchema, request.body, reply);
    if (!params || !input) return reply;
    const result = await replayQuarantined(services, params.id, {
      ...(input.body === undefined ? {} : { body: input.body }),
      by: operatorOf(request),
      log: request.log,
    });
    if (result.kind === 'not_found') return notFound(reply, 'quarantined body');
    if (result.kind === 'closed') return conflict(reply, `This body was already ${result.status}`);
    if (result.kind === 'stored') return reply.send({ lead_id: result.leadId, changes: result.changes });
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: result.kind === 'locked' ? 'replay_quarantined_locked' : 'replay_quarantined_refused',
      target: params.id,
      details: { fields: result.fields },
      at: services.now(),
    });
    return sendInvalidBody(reply, result.fields);
  });

  app.post('/quarantine/:id/discard', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    if (!params) return reply;
    if (!(await discardQuarantined(services, params.id))) return notFound(reply, 'open quarantined body');
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'discard_quarantined',
      target: params.id,
      at: services.now(),
    });
    return reply.code(204).send();
  });
}

function registerPrivacyRoutes(app: FastifyInstance, services: Services): void {
  app.get('/privacy-requests', async (_request, reply) => {
    const requests = await listOptOutRequests(services.db, 500);
    const today = services.now().toISOString().slice(0, 10);
    return reply.send({
      requests: requests.map((r) => ({
        ...r,
        contact: contactOfRequest(r.formData),
        requester: requesterOf(r.formData),
        overdue: r.status === 'open' && r.dueAt < today,
      })),
    });
  });

  app.get('/privacy-requests/:id/review', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    if (!params) return reply;
    const found = await getOptOutRequest(services.db, params.id);
    if (!found) return notFound(reply, 'privacy request');
    const today = services.now().toISOString().slice(0, 10);
    return reply.send({
      request: {
        ...found,
        contact: contactOfRequest(found.formData),
        requester: requesterOf(found.formData),
        overdue: found.status === 'open' && found.dueAt < today,
      },
      requester: requesterOf(found.formData),
      leads: found.requestTypes.includes('requestToDeleteInformation') ? await reviewDeletion(services.db, found) : [],
    });
  });

  app.post('/privacy-requests/:id', async (request, reply) => {
    const params = parse(IdParamsSchema, request.params, reply);
    const decision = params && parse(PrivacyDecisionSchema, request.body, reply);
    if (!params || !decision) return reply;
    const result = await decidePrivacyRequest(services, { id: params.id, ...decision, operator: operatorOf(request) });
    if (result.kind === 'not_found') return notFound(reply, 'privacy request');
    if (result.kind === 'closed') return conflict(reply, `This request was already ${result.status}`);
    if (result.kind === 'invalid') return sendInvalidBody(reply, [{ field: result.field, message: result.message }]);
    return reply.send(result);
  });
}
