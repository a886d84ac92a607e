/**
 * The console's funnel analytics and experiments (issue 16), registered inside the console's guard
 * (register-console.ts): a signed-in operator, from this site. Saving an experiment is recorded with the
 * operator who did it.
 */
import { AnalyticsFiltersSchema, FunnelQuerySchema } from '@app/funnel';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { operatorOf } from '../../console/console-guard';
import { experimentReport } from '../../console/experiment-report';
import { funnelReport, variantSummaries } from '../../console/funnel-analytics';
import { recordOperatorAction } from '../../console/operator-audit';
import { getExperiment, listExperiments, saveExperiment } from '../../experiments/experiment-store';
import { sendApiError } from '../../http/api-error-reply';
import { parseWithProblems, sendInvalidBody } from '../../http/parse-body';
import type { Services } from '../../services';

const ExperimentParamsSchema = z.object({ id: z.string().min(1).max(40) });

function parse<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = parseWithProblems(schema, value);
  if (parsed.ok) return parsed.data;
  void sendInvalidBody(reply, parsed.fields);
  return undefined;
}

export function registerAnalyticsRoutes(app: FastifyInstance, services: Services): void {
  app.get('/analytics/variants', async (request, reply) => {
    const filters = parse(AnalyticsFiltersSchema, request.query, reply);
    if (!filters) return reply;
    return reply.send({ variants: await variantSummaries(services.db, filters) });
  });

  app.get('/analytics/funnel', async (request, reply) => {
    const query = parse(FunnelQuerySchema, request.query, reply);
    if (!query) return reply;
    const report = await funnelReport(services.db, query);
    return report ? reply.send(report) : sendApiError(reply, 404, 'not_found', `No such variant: ${query.variant}`);
  });

  app.get('/experiments', async (_request, reply) => {
    const experiments = await listExperiments(services.db);
    const reports = [];
    for (const experiment of experiments) reports.push(await experimentReport(services.db, experiment));
    return reply.send({ experiments: reports });
  });

  app.get('/experiments/:id', async (request, reply) => {
    const params = parse(ExperimentParamsSchema, request.params, reply);
    if (!params) return reply;
    const experiment = await getExperiment(services.db, params.id);
    if (!experiment) return sendApiError(reply, 404, 'not_found', 'No such experiment');
    return reply.send(await experimentReport(services.db, experiment));
  });

  app.put('/experiments/:id', async (request, reply) => {
    const params = parse(ExperimentParamsSchema, request.params, reply);
    if (!params) return reply;
    const body: unknown = request.body;
    // The address names the experiment: a body naming another id is refused by the schema's own check below.
    if (typeof body === 'object' && body !== null && 'id' in body && body.id !== params.id) {
      return sendInvalidBody(reply, [{ field: 'id', message: `The body names ${String(body.id)}, not ${params.id}` }]);
    }
    const input = typeof body === 'object' && body !== null ? { ...body, id: params.id } : body;
    const saved = await saveExperiment(services.db, input, services.now());
    if (!saved.ok) return sendInvalidBody(reply, saved.problems);
    services.experiments.refresh();
    await recordOperatorAction(services.db, {
      operator: operatorOf(request),
      action: 'save_experiment',
      target: params.id,
      details: saved.experiment.config,
      at: services.now(),
    });
    return reply.send(await experimentReport(services.db, saved.experiment));
  });
}
