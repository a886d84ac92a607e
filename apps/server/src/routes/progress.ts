/**
 * POST /api/save-data (spec §7): a progress snapshot per session. §8: a failed save answers both
 * statuses false (and the browser keeps its pending list to try again).
 */
import { SaveDataBodySchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { saveProgress } from '../db/progress-store';
import { parseBody } from '../http/parse-body';
import { VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import type { Services } from '../services';

export function registerProgress(app: FastifyInstance, services: Services): void {
  app.post('/api/save-data', { config: { rateLimit: VALIDATION_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(SaveDataBodySchema, request.body, reply);
    if (!body) return reply;
    try {
      await saveProgress(services.db, {
        session: body.session,
        data: { entries: body.data },
        receivedAt: services.now(),
      });
      return reply.send({ userBackupStatus: true, userProgressionStatus: true });
    } catch (error) {
      request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'progress save failed');
      return reply.code(503).send({ userBackupStatus: false, userProgressionStatus: false });
    }
  });
}
