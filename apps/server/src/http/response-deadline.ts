/**
 * Issue 31: every request is answered within RESPONSE_DEADLINE_MS. The database's and Redis's own time-outs
 * answer first in almost every case (a 503 naming nothing of the cause, http/dependency-unavailable.ts);
 * this is the bound behind them, whatever a handler waits on. The handler may still finish afterwards: a
 * lead it then stores is the one the page posts again by the same id, so it is stored once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendDependencyUnavailable } from './dependency-unavailable';

export function answerWithinDeadline(app: FastifyInstance, deadlineMs: number): void {
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.error({ deadlineMs }, 'no answer within the response deadline: 503, to be retried');
      void sendDependencyUnavailable(reply);
    }, deadlineMs);
    timer.unref();
    timers.set(request, timer);
    done();
  });
  const clear = (request: FastifyRequest) => clearTimeout(timers.get(request));
  app.addHook('onResponse', (request, _reply, done) => {
    clear(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    clear(request);
    done();
  });
}
