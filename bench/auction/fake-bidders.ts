/**
 * bench:auction's buyers (bench/auction.ts): one local HTTP server with 10 ping-post fakes and 2 direct-post
 * buyers, their buyers file, and the naive auction measured against the project over the same fakes.
 * POST /ping/<key>: answers after the buyer's latency (±10%) a bid or, for some, a decline; POST /post/<key>:
 * ACCEPTED (the time the sale arrived is recorded per lead id), or ERROR for the buyer that refuses now and
 * then.
 */
import { createServer } from 'node:http';
import { DEFAULT_PING_DEADLINE_MS, type BuyerConfigInput } from '@app/funnel';

export const DEADLINE_MS = DEFAULT_PING_DEADLINE_MS;

interface Bidder {
  key: string;
  latencyMs: number;
  /** Share of pings it declines. */
  declines: number;
  /** Its bids, in dollars: low to high. */
  bid: [number, number];
  /** Share of its posts it refuses. */
  refuses: number;
}

// prettier-ignore
const BIDDERS: Bidder[] = [
  { key: 'bid-20ms', latencyMs: 20, declines: 0, bid: [20, 40], refuses: 0 },
  { key: 'bid-50ms', latencyMs: 50, declines: 0.4, bid: [25, 45], refuses: 0 },
  { key: 'bid-100ms', latencyMs: 100, declines: 0, bid: [20, 50], refuses: 0 },
  { key: 'bid-200ms', latencyMs: 200, declines: 0, bid: [30, 55], refuses: 0 },
  { key: 'bid-400ms', latencyMs: 400, declines: 0.4, bid: [30, 60], refuses: 0 },
  { key: 'bid-700ms', latencyMs: 700, declines: 0, bid: [60, 90], refuses: 0.3 },
  { key: 'bid-1000ms', latencyMs: 1000, declines: 0, bid: [35, 62], refuses: 0 },
  { key: 'bid-1300ms', latencyMs: 1300, declines: 0, bid: [40, 65], refuses: 0 },
  { key: 'bid-2000ms', latencyMs: 2000, declines: 0, bid: [90, 99], refuses: 0 },
  { key: 'bid-2500ms', latencyMs: 2500, declines: 0, bid: [90, 99], refuses: 0 },
];
const STANDING = [
  { key: 'direct-25', price: 25 },
  { key: 'direct-15', price: 15 },
];

export interface FakeBidders {
  url: string;
  /** When the lead's accepted post arrived (Date.now()), if it did. */
  soldAt(leadId: string): number | undefined;
  reset(): void;
  close(): Promise<void>;
}

const between = ([low, high]: [number, number]) => Math.round((low + Math.random() * (high - low)) * 100) / 100;

function answer(
  key: string,
  body: Record<string, unknown>,
  sold: Map<string, number>,
): { delayMs: number; json: unknown } {
  const [kind, name] = key.split('/');
  const bidder = BIDDERS.find((b) => b.key === name);
  if (kind === 'ping') {
    if (!bidder) return { delayMs: 0, json: { bid: 0 } };
    const delayMs = bidder.latencyMs * (0.9 + Math.random() * 0.2);
    if (Math.random() < bidder.declines) return { delayMs, json: { bid: 0, reason: 'not buying' } };
    return { delayMs, json: { bid: between(bidder.bid), bid_id: `${name}-${String(body.auction_id)}` } };
  }
  if (bidder && Math.random() < bidder.refuses) return { delayMs: 0, json: { status: 'ERROR', message: 'cap full' } };
  const leadId = String(body.lead_id);
  if (!sold.has(leadId)) sold.set(leadId, Date.now());
  return { delayMs: 0, json: { status: 'ACCEPTED' } };
}

function record(json: unknown): Record<string, unknown> | undefined {
  return typeof json === 'object' && json !== null ? Object.fromEntries(Object.entries(json)) : undefined;
}

export async function startFakeBidders(): Promise<FakeBidders> {
  const sold = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = record(JSON.parse(Buffer.concat(chunks).toString('utf8'))) ?? {};
      } catch {
        // an empty body: a bid of nothing
      }
      const { delayMs, json } = answer((req.url ?? '').slice(1), body, sold);
      const send = () => {
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    soldAt: (leadId) => sold.get(leadId),
    reset: () => sold.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The project's buyers: the 10 ping-post fakes (the deadline by default) and the 2 direct-post buyers. */
export function buyersFile(url: string): BuyerConfigInput[] {
  const target = (key: string) => ({
    kind: 'http' as const,
    url: `${url}/post/${key}`,
    answer: { kind: 'json-field' as const, field: 'status', accepted: ['ACCEPTED'], rejected: ['ERROR'] },
    fields: { lead_id: 'lead_id', email: 'email', phone: 'phone', bid_id: { bidId: true as const } },
  });
  return [
    ...BIDDERS.map((b, i) => ({
      key: b.key,
      name: `Firm ${b.key}`,
      ids: [String(9100 + i)],
      price: 0,
      dedupe: 'idempotency-key' as const,
      ping: { kind: 'json' as const, url: `${url}/ping/${b.key}` },
      target: target(b.key),
    })),
    ...STANDING.map((s, i) => ({
      key: s.key,
      name: `Firm ${s.key}`,
      ids: [String(9200 + i)],
      price: s.price,
      dedupe: 'idempotency-key' as const,
      target: target(s.key),
    })),
  ];
}

async function call(url: string, body: unknown, timeoutMs?: number): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
    return record(await response.json());
  } catch {
    return undefined;
  }
}

/**
 * The floor: the same fakes pinged at once with the same deadline, the best offer (bids and standing
 * prices) posted, the next one on a refusal. Nothing stored, nothing checked.
 */
export async function naiveAuction(url: string, leadId: string): Promise<void> {
  const answers = await Promise.all(
    BIDDERS.map(async (b) => {
      const answered = await call(`${url}/ping/${b.key}`, { auction_id: `${leadId}:1` }, DEADLINE_MS);
      return { key: b.key, price: Number(answered?.bid ?? 0) };
    }),
  );
  const offers = [...answers.filter((a) => a.price > 0), ...STANDING.map((s) => ({ key: s.key, price: s.price }))];
  offers.sort((a, b) => b.price - a.price);
  for (const offer of offers) {
    const posted = await call(`${url}/post/${offer.key}`, { lead_id: leadId });
    if (posted?.status === 'ACCEPTED') return;
  }
}
