/**
 * POST /post-lead (spec §7): parse with the shared schema, recompute everything from the raw
 * answers with the server's own clock, zip lookup and text check, store with the lead's delivery jobs,
 * then answer. 201 for a new lead, 200 for a repeat of a stored id (the browser retries with the id it
 * made at the start); a body that fails validation is kept in the quarantine and answered 400.
 */
import type { FastifyInstance } from 'fastify';
import { answerLeadPost } from '../intake/lead-intake';
import type { Services } from '../services';

/** Issue 2: bodies over 64 KB are refused with 413 before they are parsed. */
export const LEAD_BODY_LIMIT = 64 * 1024;

export function registerPostLead(app: FastifyInstance, services: Services): void {
  app.post('/post-lead', { bodyLimit: LEAD_BODY_LIMIT }, (request, reply) =>
    answerLeadPost(services, '/post-lead', request, reply),
  );
}
