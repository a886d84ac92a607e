/**
 * Issue 30 item 4: the drain of an instance told to stop (SIGTERM). First /readyz fails, so the load
 * balancer stops sending new requests, while every request still arriving is served, each answer closing
 * its keep-alive connection (`Connection: close`), for DRAIN_DELAY_MS; then the server stops listening,
 * closes its idle connections, lets the requests in flight finish and the delivery worker record its
 * deliveries, and the process exits (main.ts). No request is answered 503 for the stop itself.
 */
import type { FastifyInstance } from 'fastify';

export interface Drain {
  draining(): boolean;
  begin(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    draining: () => draining,
    begin: () => {
      draining = true;
    },
  };
}

/** While draining, every answer closes its connection: the client's next request opens a new one elsewhere. */
export function closeConnectionsWhileDraining(app: FastifyInstance, drain: Drain): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (drain.draining() && request.raw.httpVersionMajor < 2) void reply.header('connection', 'close');
    done();
  });
}
