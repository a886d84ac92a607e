/**
 * Issue 32 "Adapters": each ping kind (the generic JSON ping, Lead Prosper's, boberdoo's) against a real
 * local buyer (node:http) that bids, declines, answers past the deadline, answers garbage, and takes or
 * refuses the post. The ping goes out through the one outgoing path (providers/vendor-request.ts) with the
 * buyer's deadline as its time-out and is read by readPingAnswer; the post of the winner is built by
 * buildDeliveryRequest with the bid's id, sent the same way and read by readBuyerAnswer.
 */
import {
  buildDeliveryRequest,
  buildPingRequest,
  BuyerConfigSchema,
  pingLead,
  readBuyerAnswer,
  readPingAnswer,
  type BuyerConfig,
  type DeliveryOutcome,
  type LeadFields,
  type PingVerdict,
  type SecretResolver,
} from '@app/funnel';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuyersFileSchema } from '@app/funnel';
import { decidePing, fakePingProfile } from '../src/delivery/fake-ping-buyer';
import { SAMPLE_BUYERS_FILE } from '../src/operator-data';
import { vendorRequest } from '../src/providers/vendor-request';
import { registerFakeBuyerRoutes } from '../src/routes/fake-buyer-routes';
import { startFakeVendorServer, type FakeAnswer, type FakeVendorServer } from './providers/fake-vendor-server';

const secret: SecretResolver = (value) => (typeof value === 'string' ? value : undefined);
// Long enough for a first connection on a busy machine, short enough to wait past in a test.
const DEADLINE_MS = 1000;

const LEAD: LeadFields = {
  lead_id: 'lead-9',
  first_name: 'Ana',
  last_name: 'Quintero',
  email: 'ana.quintero@example.com',
  phone: '2125550143',
  address: '12 Elm Street',
  state: 'TX',
  zip_code: '78701',
  incident_date: '2026-03-14',
  physical_injury: 'Yes',
  with_Lawyer: 'No',
  ip_address: '203.0.113.9',
  case_description: 'Rear-ended at a light',
};

type PingBehaviour = 'bid' | 'decline' | 'late' | 'garbage';
type PostBehaviour = 'take' | 'refuse';

/** How each kind's buyer answers a ping and a post, in its own API's words. */
const ANSWERS: Record<
  'json' | 'leadprosper' | 'boberdoo',
  { ping: Record<PingBehaviour, FakeAnswer>; post: Record<PostBehaviour, FakeAnswer> }
> = {
  json: {
    ping: {
      bid: { status: 200, json: { bid: '42.50', bid_id: 'j-77', valid_seconds: 30 } },
      decline: { status: 200, json: { bid: 0, reason: 'not in our area' } },
      late: { afterMs: DEADLINE_MS + 500, then: { status: 200, json: { bid: 99, bid_id: 'too-late' } } },
      garbage: { status: 200, text: '<html>502 upstream</html>', contentType: 'text/html' },
    },
    post: {
      take: { status: 200, json: { status: 'ACCEPTED', message: '' } },
      refuse: { status: 200, json: { status: 'ERROR', message: 'bid expired' } },
    },
  },
  leadprosper: {
    ping: {
      bid: { status: 200, json: { status: 'ACCEPTED', ping_id: 'lp-77', price: 42.5, code: 0, message: '' } },
      decline: { status: 200, json: { status: 'ERROR', code: 1002, message: 'No buyers available' } },
      late: { afterMs: DEADLINE_MS + 500, then: { status: 200, json: { status: 'ACCEPTED', ping_id: 'x', price: 9 } } },
      garbage: { status: 200, text: 'ACCEPTED?', contentType: 'text/plain' },
    },
    post: {
      take: { status: 200, json: { status: 'ACCEPTED', code: 0, message: '', lead_id: 'lp-lead-1' } },
      refuse: { status: 200, json: { status: 'ERROR', code: 1001, message: 'ping_id expired' } },
    },
  },
  boberdoo: {
    ping: {
      bid: xml('<status>Matched</status><lead_id>21777961</lead_id><price>42.50</price>'),
      decline: xml('<status>Unmatched</status>'),
      late: { afterMs: DEADLINE_MS + 500, then: xml('<status>Matched</status><lead_id>1</lead_id><price>9</price>') },
      garbage: { status: 200, text: '<response><status>Matched', contentType: 'text/xml' },
    },
    post: {
      take: xml('<status>Matched</status><lead_id>21777961</lead_id>'),
      refuse: xml('<status>Error</status><error>Lead_ID has expired</error>'),
    },
  },
};

function xml(inner: string): FakeAnswer {
  return {
    status: 200,
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<response>${inner}</response>`,
    contentType: 'text/xml',
  };
}

let server: FakeVendorServer;
let kind: keyof typeof ANSWERS = 'json';
let pingBehaviour: PingBehaviour = 'bid';
let postBehaviour: PostBehaviour = 'take';

beforeAll(async () => {
  server = await startFakeVendorServer((request) =>
    request.pathname.endsWith('/ping') ? ANSWERS[kind].ping[pingBehaviour] : ANSWERS[kind].post[postBehaviour],
  );
});
afterAll(() => server.close());

function buyers(base: string): Record<keyof typeof ANSWERS, BuyerConfig> {
  const common = { name: 'A buyer', ids: ['1'], price: 0 };
  return {
    json: BuyerConfigSchema.parse({
      ...common,
      key: 'json-buyer',
      ping: {
        kind: 'json',
        url: `${base}/json/ping`,
        deadlineMs: DEADLINE_MS,
        answer: { price: 'bid', bidId: 'bid_id', validSeconds: 'valid_seconds' },
      },
      target: {
        kind: 'http',
        url: `${base}/json/post`,
        fields: { bid_id: { bidId: true }, phone: 'phone', email: 'email' },
        answer: {
          kind: 'json-field',
          field: 'status',
          accepted: ['ACCEPTED'],
          rejected: ['ERROR'],
          messageField: 'message',
        },
      },
    }),
    leadprosper: BuyerConfigSchema.parse({
      ...common,
      key: 'lp-buyer',
      ping: {
        kind: 'leadprosper',
        url: `${base}/lp/ping`,
        campaignId: '6309',
        supplierId: '12465',
        key: 'lp-secret',
        deadlineMs: DEADLINE_MS,
      },
      target: {
        kind: 'leadprosper',
        url: `${base}/lp/post`,
        campaignId: '6309',
        supplierId: '12465',
        key: 'lp-secret',
      },
    }),
    boberdoo: BuyerConfigSchema.parse({
      ...common,
      key: 'bob-buyer',
      ping: {
        kind: 'boberdoo',
        url: `${base}/bob/ping`,
        key: 'bob-key',
        src: 'funnel',
        leadType: '33',
        deadlineMs: DEADLINE_MS,
      },
      target: { kind: 'boberdoo', url: `${base}/bob/post`, key: 'bob-key', src: 'funnel', leadType: '33' },
    }),
  };
}

/** One ping as the auction sends it: through vendorRequest within the deadline, then read. */
async function ping(buyer: BuyerConfig): Promise<{ verdict: PingVerdict; ms: number }> {
  if (!buyer.ping) throw new Error('not a ping-post buyer');
  const built = buildPingRequest(buyer.ping, { lead: pingLead(LEAD), auctionId: 'lead-9:1', secret });
  if (!built.ok) throw new Error(built.problem);
  const { request } = built;
  const started = performance.now();
  const result = await vendorRequest({
    url: new URL(request.url),
    method: 'POST',
    headers: request.headers,
    body: request.body,
    timeoutMs: request.deadlineMs,
  });
  const ms = performance.now() - started;
  if (!result.ok) {
    const reason =
      result.failure.kind === 'timeout' ? 'timeout' : result.failure.kind === 'network' ? 'network' : 'bad-answer';
    return { verdict: { kind: 'declined', reason, message: result.failure.kind }, ms };
  }
  return { verdict: readPingAnswer(buyer.ping, result.answer), ms };
}

/** The post of the full lead to the winner, carrying its bid's id. */
async function post(buyer: BuyerConfig, bidId: string): Promise<DeliveryOutcome> {
  const built = buildDeliveryRequest(buyer.target, {
    lead: LEAD,
    leadId: 'lead-9',
    buyerKey: buyer.key,
    secret,
    bidId,
  });
  if (!built.ok) throw new Error(built.problem);
  const { request } = built;
  const result = await vendorRequest({
    url: new URL(request.url),
    method: 'POST',
    headers: request.headers,
    body: request.body,
    timeoutMs: 2000,
  });
  if (!result.ok) throw new Error(`post failed: ${result.failure.kind}`);
  return readBuyerAnswer(request.answer, result.answer);
}

function lastBody(path: string): Record<string, unknown> {
  const request = server.requests.filter((r) => r.pathname === path).at(-1);
  if (!request) throw new Error(`nothing posted to ${path}`);
  const type = String(request.headers['content-type']);
  if (type.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(request.body));
  const json: unknown = JSON.parse(request.body);
  return typeof json === 'object' && json !== null ? Object.fromEntries(Object.entries(json)) : {};
}

const CASES = [
  {
    kind: 'json',
    pingPath: '/json/ping',
    postPath: '/json/post',
    bidRef: 'j-77',
    validForMs: 30_000,
    postField: 'bid_id',
  },
  {
    kind: 'leadprosper',
    pingPath: '/lp/ping',
    postPath: '/lp/post',
    bidRef: 'lp-77',
    validForMs: 60_000,
    postField: 'lp_ping_id',
  },
  {
    kind: 'boberdoo',
    pingPath: '/bob/ping',
    postPath: '/bob/post',
    bidRef: '21777961',
    validForMs: 60_000,
    postField: 'Lead_ID',
  },
] as const;

describe.each(CASES)('$kind ping-post buyer over real HTTP', (c) => {
  const buyer = () => buyers(server.baseUrl)[c.kind];

  it('bids: the price in cents, its bid id and validity; the ping carried no personal data', async () => {
    kind = c.kind;
    pingBehaviour = 'bid';
    const { verdict } = await ping(buyer());
    expect(verdict).toMatchObject({ kind: 'bid', priceCents: 4250, bidRef: c.bidRef, validForMs: c.validForMs });
    const sent = server.requests.filter((r) => r.pathname === c.pingPath).at(-1)?.body ?? '';
    for (const personal of [
      'Ana',
      'Quintero',
      'ana.quintero',
      '2125550143',
      'Elm',
      '78701',
      '203.0.113.9',
      'Rear-ended',
    ]) {
      expect(sent).not.toContain(encodeURIComponent(personal));
      expect(sent).not.toContain(personal);
    }
  });

  it('declines: no_bid, with the buyer’s words kept where it gives them', async () => {
    kind = c.kind;
    pingBehaviour = 'decline';
    const { verdict } = await ping(buyer());
    expect(verdict).toMatchObject({ kind: 'declined', reason: 'no_bid' });
  });

  it('answers after the deadline: a timeout decline, within the deadline and a margin', async () => {
    kind = c.kind;
    pingBehaviour = 'late';
    const { verdict, ms } = await ping(buyer());
    expect(verdict).toMatchObject({ kind: 'declined', reason: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 20);
    expect(ms).toBeLessThan(DEADLINE_MS + 1000);
  });

  it('answers garbage: a bad-answer decline, never a bid', async () => {
    kind = c.kind;
    pingBehaviour = 'garbage';
    const { verdict } = await ping(buyer());
    expect(verdict).toMatchObject({ kind: 'declined', reason: 'bad-answer' });
  });

  it('the post carries the bid id; the buyer takes it, or refuses it with its reason', async () => {
    kind = c.kind;
    postBehaviour = 'take';
    expect(await post(buyer(), c.bidRef)).toMatchObject({ kind: 'accepted' });
    const body = lastBody(c.postPath);
    expect(body[c.postField]).toBe(c.bidRef);
    expect(JSON.stringify(body)).toContain('2125550143');
    postBehaviour = 'refuse';
    const refused = await post(buyer(), c.bidRef);
    expect(refused.kind).toBe('rejected');
    expect(refused.message).not.toBe('');
  });
});

describe('the development fake ping-post buyers (npm start, sample buyers)', () => {
  let dev: FastifyInstance;
  let base = '';
  beforeAll(async () => {
    dev = Fastify({ forceCloseConnections: true });
    await registerFakeBuyerRoutes(dev);
    base = await dev.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => dev.close());

  // npm start's sample buyers (docs/ping-post-buyers.md "In development").
  const samples = BuyersFileSchema.parse(JSON.parse(readFileSync(SAMPLE_BUYERS_FILE, 'utf8'))).filter((b) => b.ping);
  /** A sample buyer on this test's fake, its behaviour replaced by the query given. */
  const onFake = (buyer: BuyerConfig, pingQuery: string, postQuery: string): BuyerConfig => {
    const at = (url: string, query: string) => `${base}${url.split('?')[0] ?? ''}?${query}`;
    if (!buyer.ping) throw new Error('not a ping-post buyer');
    return {
      ...buyer,
      ping: { ...buyer.ping, url: at(buyer.ping.url, pingQuery) },
      target: { ...buyer.target, url: at(buyer.target.url, postQuery) },
    };
  };

  it('the sample buyers have a ping-post buyer of every kind, beside the direct-post ones', () => {
    expect(samples.map((b) => b.ping?.kind).sort()).toEqual(['boberdoo', 'json', 'leadprosper']);
  });

  it.each(samples.map((b) => [b.ping?.kind, b] as const))(
    '%s: bids, and the winner’s post is taken',
    async (_kind, sample) => {
      const buyer = onFake(sample, 'base=60&latency=5-10&decline=0', 'refuse=0');
      const { verdict } = await ping(buyer);
      if (verdict.kind !== 'bid') throw new Error(`expected a bid, got ${JSON.stringify(verdict)}`);
      // TX and injured: 60 × 1.15 × (0.85 to 1.15).
      expect(verdict.priceCents).toBeGreaterThanOrEqual(5865);
      expect(verdict.priceCents).toBeLessThanOrEqual(7935);
      expect(await post(buyer, verdict.bidRef)).toMatchObject({ kind: 'accepted' });
    },
  );

  it.each(samples.map((b) => [b.ping?.kind, b] as const))(
    '%s: declines, answers late, refuses at post',
    async (_kind, sample) => {
      expect((await ping(onFake(sample, 'decline=1&latency=5-5', ''))).verdict).toMatchObject({ reason: 'no_bid' });
      const late = onFake(sample, 'decline=0&latency=700-700', '');
      expect((await ping({ ...late, ping: late.ping && { ...late.ping, deadlineMs: 200 } })).verdict).toMatchObject({
        reason: 'timeout',
      });
      // Another buyer key: the fake answers a repeated Idempotency-Key as it answered the first post.
      const refusing = { ...onFake(sample, 'decline=0&latency=1-1', 'refuse=1'), key: `${sample.key}-2` };
      const { verdict } = await ping(refusing);
      if (verdict.kind !== 'bid') throw new Error('expected a bid');
      expect(await post(refusing, verdict.bidRef)).toMatchObject({ kind: 'rejected' });
    },
  );

  it('a price follows the lead’s state and injury; the profile is read from the query, bounded', () => {
    const profile = fakePingProfile({ base: '100', latency: '20-1800', decline: '0' });
    expect(profile).toMatchObject({ baseDollars: 100, minLatencyMs: 20, maxLatencyMs: 1800, declineRate: 0 });
    const middle = () => 0.5;
    const price = (state: string, injured: boolean) => decidePing(profile, { state, injured }, middle).priceDollars;
    expect(price('CA', true)).toBe(130);
    expect(price('OH', true)).toBe(100);
    expect(price('OH', false)).toBe(35);
    expect(decidePing(profile, { state: 'CA', injured: true }, middle).latencyMs).toBe(910);
    expect(fakePingProfile({ base: 'x', latency: '9-99999', decline: '7' })).toMatchObject({
      baseDollars: 50,
      maxLatencyMs: 10_000,
      declineRate: 1,
    });
  });
});
