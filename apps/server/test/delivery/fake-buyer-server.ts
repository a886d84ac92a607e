/**
 * A law-firm buyer on a real HTTP server (127.0.0.1, a free port) for delivery tests. By default each
 * firm (the last path segment) answers like the development fake buyer (src/delivery/fake-buyer.ts:
 * Lead Prosper's {status}, duplicates by phone or email, a repeated Idempotency-Key answered as before).
 * A test can script any answer per request (a status, a time-out, a dropped connection), take the whole
 * server down (connections refused) and bring it back on the same port. Every request is recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createFakeBuyer, type FakeBuyer } from '../../src/delivery/fake-buyer';

export interface BuyerRequest {
  firm: string;
  idempotencyKey: string | undefined;
  contentType: string;
  body: Record<string, string | number | boolean>;
  headers: Record<string, string | string[] | undefined>;
}

export type BuyerBehaviour =
  /**
   * An answer; `afterMs`: only after this long (a ping answered past its deadline); `until`: only once this
   * settles (answers held while the test does something).
   */
  | { status: number; json?: unknown; text?: string; afterMs?: number; until?: Promise<void> }
  | { hang: true }
  | { drop: true }
  /** Answer as the fake buyer would. */
  | 'buy'
  /** Take the lead as the fake buyer would, then never answer (the sender dies or times out first). */
  | 'buy-then-hang'
  /** Take the lead, and answer only after this long (a buyer slower than the sender's time-out). */
  | { buyAfterMs: number };

export interface FakeBuyerServer {
  /** The URL of a firm. */
  url(firm: string): string;
  requests: BuyerRequest[];
  /** Decides each answer; 'buy' by default. */
  behaviour: (request: BuyerRequest, index: number) => BuyerBehaviour;
  buyer: FakeBuyer;
  /** Resolves once `count` requests for the firm have arrived. */
  waitForRequests(firm: string, count: number, timeoutMs?: number): Promise<BuyerRequest[]>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

function parseBody(contentType: string, text: string): Record<string, string | number | boolean> {
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null ? Object.fromEntries(Object.entries(json)) : {};
  } catch {
    return {};
  }
}

export async function startFakeBuyerServer(): Promise<FakeBuyerServer> {
  const buyer = createFakeBuyer();
  const requests: BuyerRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: (() => void)[] = [];
  let port = 0;
  let server: Server | undefined;

  const state: FakeBuyerServer = {
    url: (firm) => `http://127.0.0.1:${port}/buy/${firm}`,
    requests,
    behaviour: () => 'buy',
    buyer,
    waitForRequests(firm, count, timeoutMs = 15_000) {
      const mine = () => requests.filter((r) => r.firm === firm);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${firm}: ${mine().length} of ${count} requests`)), timeoutMs);
        const check = () => {
          if (mine().length < count) {
            waiters.push(check);
            return;
          }
          clearTimeout(timer);
          resolve(mine());
        };
        check();
      });
    },
    async down() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async up() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const contentType = req.headers['content-type'] ?? '';
          const key = req.headers['idempotency-key'];
          const request: BuyerRequest = {
            firm: (req.url ?? '/').split('/').pop() ?? '',
            idempotencyKey: typeof key === 'string' ? key : undefined,
            contentType,
            body: parseBody(contentType, Buffer.concat(chunks).toString('utf8')),
            headers: req.headers,
          };
          const index = requests.length;
          requests.push(request);
          for (const wake of waiters.splice(0)) wake();
          const behaviour = state.behaviour(request, index);
          if (behaviour === 'buy' || behaviour === 'buy-then-hang') {
            const answer = buyer.answer(request.firm, { idempotencyKey: request.idempotencyKey, body: request.body });
            if (behaviour === 'buy') {
              res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
            }
          } else if ('buyAfterMs' in behaviour) {
            const answer = buyer.answer(request.firm, { idempotencyKey: request.idempotencyKey, body: request.body });
            setTimeout(() => {
              if (!res.destroyed) {
                res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
              }
            }, behaviour.buyAfterMs);
          } else if ('hang' in behaviour) {
            // never answers: the client's time-out fires
          } else if ('drop' in behaviour) {
            req.socket.destroy();
          } else {
            const { status, json, text } = behaviour;
            const send = () => {
              if (res.destroyed) return;
              if (json !== undefined)
                res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
              else res.writeHead(status, { 'content-type': 'text/plain' }).end(text ?? '');
            };
            if (behaviour.until) void behaviour.until.then(send);
            else if (behaviour.afterMs === undefined) send();
            else setTimeout(send, behaviour.afterMs);
          }
        });
      });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      port = (listening.address() as AddressInfo).port;
    },
    close: () => state.down(),
  };
  await state.up();
  return state;
}
