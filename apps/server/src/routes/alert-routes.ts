/** POST /send-slack-message (spec §7): an alert to the operator's channel (Slack, or the log). */
import { AlertBodySchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/parse-body';
import { VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import type { Services } from '../services';

export function registerAlertRoutes(app: FastifyInstance, services: Services): void {
  app.post('/send-slack-message', { config: { rateLimit: VALIDATION_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(AlertBodySchema, request.body, reply);
    if (!body) return reply;
    await services.providers.alerts.send(body.text);
    return reply.code(204).send();
  });
}
