/**
 * Issue 30 item 4: the drain of an instance told to stop (SIGTERM). First /readyz fails, so the load
 * balancer stops sending new requests, while every request still arriving is served, each answer closing
 * its keep-alive connection (`Connection: close`), for DRAIN_DELAY_MS; then the server stops listening,
 * reads what the connections already open still send (a short grace), closes the idle ones, lets the
 * requests in flight finish and the delivery worker record its
 * deliveries, and the process exits (main.ts). No request is answered 503 for the stop itself.
 */
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * After the drain delay: stop accepting connections, but leave those already open alone for `graceMs`, so
 * a request on a connection accepted a moment ago is read and answered (closing it) rather than cut off
 * (http.Server#close would close every idle connection at once, and a connection not yet read counts as
 * idle). Fastify's close then ends the rest.
 */
export async function stopAccepting(app: FastifyInstance, graceMs: number): Promise<void> {
  // Not waited for: its callback comes only once every connection has ended.
  NetServer.prototype.close.call(app.server);
  await new Promise((resolve) => setTimeout(resolve, graceMs));
}

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

/**
 * While draining, and once the server is closing, every answer closes its connection: the client's next
 * request opens a new one elsewhere. Decided as the answer leaves (onSend), so a request that arrived before
 * and is answered after closes its connection too: `server.close()` closes only the connections idle at
 * that moment, and one answered later would stay open, kept alive by its client, and hold the close for the
 * keep-alive timeout (the server's own fake buyers, pinged by its auctions, did so in tests).
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, drain: Drain): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((closing || drain.draining()) && request.raw.httpVersionMajor < 2) void reply.header('connection', 'close');
    done(null, payload);
  });
}
