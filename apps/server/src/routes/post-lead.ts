/**
 * POST /post-lead (spec §7): parse with the shared schema, recompute everything from the raw
 * answers with the server's own clock and zip lookup, store, then answer. 201 for a new lead,
 * 200 for a repeat of a stored id (the browser retries with the id it made at the start).
 */
import { buildLeadRecord, LeadSubmissionSchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { storeLead } from '../db/lead-store';
import type { Database } from '../db/schema';
import { parseBody } from '../http/parse-body';
import type { ZipProvider } from '../providers/zip/zip-provider';

/** Issue 2: bodies over 64 KB are refused with 413 before they are parsed. */
export const LEAD_BODY_LIMIT = 64 * 1024;

export interface PostLeadDeps {
  db: Kysely<Database>;
  zip: ZipProvider;
  now: () => Date;
}

export function registerPostLead(app: FastifyInstance, deps: PostLeadDeps): void {
  app.post('/post-lead', { bodyLimit: LEAD_BODY_LIMIT }, async (request, reply) => {
    const submission = parseBody(LeadSubmissionSchema, request.body, reply);
    if (!submission) return reply;
    const lead = buildLeadRecord(submission, {
      receivedAt: deps.now(),
      place: await deps.zip.lookup(submission.zip_code),
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      secGpc: request.headers['sec-gpc'] === '1',
    });
    const stored = await storeLead(deps.db, submission, lead);
    return reply.code(stored.created ? 201 : 200).send({ id: stored.id });
  });
}
