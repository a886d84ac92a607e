/**
 * Issue 30 item 4: the drain of an instance told to stop (SIGTERM). First /readyz fails, so the load
 * balancer stops sending new requests, while every request still arriving is served, each answer closing
 * its keep-alive connection (`Connection: close`), for DRAIN_DELAY_MS; then the server stops listening,
 * reads what the connections already open still send (a short grace), closes the idle ones, lets the
 * requests in flight finish and the delivery worker record its
 * deliveries, and the process exits (main.ts). No request is answered 503 for the stop itself. Any close (a
 * test's, or main.ts's after the drain) also ends the connections that never sent a request, which Node's own
 * close would wait on until their time-out (`closeUnusedConnections`).
 */
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
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

/**
 * Node's `closeIdleConnections` (which `server.close()` calls) leaves a connection that has not sent a
 * request yet: a browser's preconnected socket, or a client's socket opened for a request it then gave up
 * (an auction's ping whose deadline passed while connecting). `server.close()` then waits on it until its
 * idle time-out (30 s). Such connections are closed with the idle ones.
 */
export function closeUnusedConnections(server: HttpServer): void {
  const unused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    for (const socket of unused) socket.destroy();
  };
}
