/**
 * Issue 31: the one answer of a request a dependency could not serve (the database or Redis out, frozen or
 * too slow; a commit that failed; no answer within RESPONSE_DEADLINE_MS): 503 `service_unavailable` with
 * Retry-After and SQLite's full-disk message. Nothing was kept, so the same request may be sent again: the
 * page keeps a lead and posts it again after Retry-After (its id makes it one lead).
 */
import { SERVICE_UNAVAILABLE_MESSAGE, type ApiError } from '@app/funnel';
import type { FastifyReply } from 'fastify';

/** How long a client should wait before it tries again. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const BODY: ApiError = { error: 'service_unavailable', message: SERVICE_UNAVAILABLE_MESSAGE };

export function sendDependencyUnavailable(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS)).send(BODY);
}

/** From an onSend hook, where the payload is replaced rather than sent: sets the status and headers. */
export function dependencyUnavailablePayload(reply: FastifyReply): string {
  reply
    .code(503)
    .header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS))
    .header('content-type', 'application/json; charset=utf-8')
    .removeHeader('content-length');
  return JSON.stringify(BODY);
}
