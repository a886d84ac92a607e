/**
 * POST /post-lead (spec §7): parse with the shared schema, recompute everything from the raw
 * answers with the server's own clock, zip lookup and text check, store with the lead's delivery jobs,
 * then answer. 201 for a new lead, 200 for a repeat of a stored id (the browser retries with the id it
 * made at the start); a body that fails validation is kept in the quarantine and answered 400. Limited
 * per IP and per email and phone a day (issue 9): 429 with Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { answerLeadPost } from '../intake/lead-intake';
import { leadRateLimit } from '../http/rate-limit';
import type { Services } from '../services';

/** Issue 2: bodies over 64 KB are refused with 413 before they are parsed. */
export const LEAD_BODY_LIMIT = 64 * 1024;

/** Both lead endpoints: the body limit and the per-IP daily limit (an IPv6 /64 as one, issue 9). */
export function leadRouteOptions(services: Services) {
  return { bodyLimit: LEAD_BODY_LIMIT, config: { rateLimit: leadRateLimit(services.config.LEAD_LIMIT_PER_IP) } };
}

export function registerPostLead(app: FastifyInstance, services: Services): void {
  app.post('/post-lead', leadRouteOptions(services), (request, reply) =>
    answerLeadPost(services, '/post-lead', request, reply),
  );
}
