/**
 * POST /post-lead (spec §7): parse with the shared schema, recompute everything from the raw
 * answers with the server's own clock, zip lookup and text check, store, then answer. 201 for a new
 * lead, 200 for a repeat of a stored id (the browser retries with the id it made at the start).
 */
import { LeadSubmissionSchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { storeLead } from '../db/lead-store';
import { parseBody } from '../http/parse-body';
import { serverLead } from '../http/server-lead';
import type { Services } from '../services';

/** Issue 2: bodies over 64 KB are refused with 413 before they are parsed. */
export const LEAD_BODY_LIMIT = 64 * 1024;

export function registerPostLead(app: FastifyInstance, services: Services): void {
  app.post('/post-lead', { bodyLimit: LEAD_BODY_LIMIT }, async (request, reply) => {
    const submission = parseBody(LeadSubmissionSchema, request.body, reply);
    if (!submission) return reply;
    const lead = await serverLead(services, submission, request, 'post-lead');
    const stored = await storeLead(services.db, submission, lead);
    return reply.code(stored.created ? 201 : 200).send({ id: stored.id });
  });
}
