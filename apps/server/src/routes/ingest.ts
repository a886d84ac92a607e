/**
 * POST /api/ingest: the default external lead-ingest endpoint (spec §4: the minimal variant and the
 * ticket flow post there instead of /post-lead). Same body, checks, idempotency and quarantine as
 * /post-lead; the server's reading is kept with the body, in its own table, under the flow's id as
 * source, and goes on to the lead-ingest service when one is configured (LEAD_INGEST_PROVIDER). Same
 * limits as /post-lead (issue 9).
 */
import type { FastifyInstance } from 'fastify';
import { answerLeadPost } from '../intake/lead-intake';
import type { Services } from '../services';
import { leadRouteOptions } from './post-lead';

export function registerIngest(app: FastifyInstance, services: Services): void {
  app.post('/api/ingest', leadRouteOptions(services), (request, reply) =>
    answerLeadPost(services, '/api/ingest', request, reply),
  );
}
