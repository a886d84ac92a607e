/**
 * POST /send-slack-message (spec §7): the page raises an alert of a fixed kind with checked parameters
 * (PageAlertSchema); the server writes the text, deduplicates and rate-limits it (operator-alerts.ts).
 * Free text is refused (issue 9: the operator's channel is not a relay).
 */
import { PageAlertSchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/parse-body';
import { ALERT_RATE_LIMIT } from '../http/rate-limit';
import type { Services } from '../services';

export function registerAlertRoutes(app: FastifyInstance, services: Services): void {
  app.post('/send-slack-message', { config: { rateLimit: ALERT_RATE_LIMIT } }, async (request, reply) => {
    const alert = parseBody(PageAlertSchema, request.body, reply);
    if (!alert) return reply;
    await services.alerts.raise(alert);
    return reply.code(204).send();
  });
}
