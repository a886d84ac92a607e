/**
 * Issue 15, group commit: a reply leaves only once everything its request wrote, or read uncommitted, is
 * on disk. The request's statements joined the open group (db/group-commit-sqlite-dialect.ts); groups
 * commit in order, so waiting for the group open when the reply is ready covers every group the request
 * touched. A commit that failed since the request began may have held one of its writes: the reply becomes
 * 503 with Retry-After (http/dependency-unavailable.ts), and the page retries (a lead by its id, so it is stored once).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommitBarrier } from '../db/group-commit-sqlite-dialect';
import { dependencyUnavailablePayload } from './dependency-unavailable';

export function holdRepliesUntilCommitted(app: FastifyInstance, barrier: CommitBarrier): void {
  const failuresAtStart = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    failuresAtStart.set(request, barrier.failures());
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await barrier.barrier().catch(() => {});
    if (barrier.failures() === (failuresAtStart.get(request) ?? 0)) return payload;
    request.log.error('a database commit failed while this request was answered: 503, to be retried');
    return dependencyUnavailablePayload(reply);
  });
}
