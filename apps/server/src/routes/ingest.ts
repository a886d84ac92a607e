/**
 * POST /api/ingest: the default external lead-ingest endpoint (spec §4: the minimal variant and the
 * ticket flow post there instead of /post-lead). Same body and idempotency as /post-lead; the server's
 * reading is kept with the body, in its own table, under the flow's id as source.
 */
import { LeadSubmissionSchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { storeIngestedLead } from '../db/ingested-lead-store';
import { parseBody } from '../http/parse-body';
import { serverLead } from '../http/server-lead';
import type { Services } from '../services';
import { LEAD_BODY_LIMIT } from './post-lead';

export function registerIngest(app: FastifyInstance, services: Services): void {
  app.post('/api/ingest', { bodyLimit: LEAD_BODY_LIMIT }, async (request, reply) => {
    const submission = parseBody(LeadSubmissionSchema, request.body, reply);
    if (!submission) return reply;
    const lead = await serverLead(services, submission, request, 'ingest');
    const stored = await storeIngestedLead(services.db, {
      id: submission.lead_id,
      source: lead.variant,
      body: lead,
      receivedAt: services.now(),
    });
    return reply.code(stored.created ? 201 : 200).send({ id: stored.id });
  });
}
