/**
 * Issue 32's rules, pure: the ping says what prices a lead and nothing of who sent it; a ping answer is a bid
 * only when its price and bid id are read for certain; offers are ranked highest first, none below its
 * floor, and a lead is never offered twice to one buyer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bidCents,
  JsonPingSchema,
  nextOffer,
  PING_FIELDS,
  pingLead,
  rankOffers,
  readJsonPing,
  buildJsonPing,
  type Offer,
} from '../src';

const LEAD = {
  first_name: 'Dũng',
  last_name: 'Phạm',
  email: 'dung.pham@example.com',
  phone: '5125550100',
  address: '12 Elm Street',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  ip_address: '203.0.113.9',
  user_agent: 'Mozilla/5.0',
  case_description: 'rear-ended at a light',
  incident_date: '2026-09-14',
  physical_injury: 'Yes',
  doctor_treatment: 'Yes',
  at_Fault: 'no',
  with_Lawyer: 'no',
  police_report: 'Yes',
  variant: 'v4nv',
  language: 'es',
  sub_id: 'fb-12',
  '1_to_1_consent': 'yes',
};

describe('the ping (issue 32: "never a name, email, phone, street, IP or description")', () => {
  it('carries what prices the lead, the zip to three digits and the accident to its month', () => {
    expect(pingLead(LEAD)).toEqual({
      state: 'TX',
      zip_prefix: '787',
      accident_month: '09',
      accident_year: '2026',
      injured: 'Yes',
      treated: 'Yes',
      at_fault: 'no',
      has_lawyer: 'no',
      police_report: 'Yes',
      variant: 'v4nv',
      language: 'es',
      sub_affiliate: 'fb-12',
      consent_type: 'one-to-one',
    });
  });

  it('leaves unknown fields empty and a partial consent page knows the consent type only as partners', () => {
    const ping = pingLead({ state: 'CA' });
    expect(Object.keys(ping)).toEqual([...PING_FIELDS]);
    expect(ping).toMatchObject({ state: 'CA', zip_prefix: '', accident_month: '', consent_type: 'partners' });
  });

  it('never holds any personal field of any lead (property)', () => {
    const personal = fc.record({
      first_name: fc.string({ minLength: 4 }),
      last_name: fc.string({ minLength: 4 }),
      email: fc.emailAddress(),
      phone: fc.stringMatching(/^[2-9]\d{9}$/),
      address: fc.string({ minLength: 6 }),
      ip_address: fc.ipV4(),
      user_agent: fc.string({ minLength: 8 }),
      case_description: fc.string({ minLength: 8 }),
      zip_code: fc.stringMatching(/^\d{5}$/),
    });
    fc.assert(
      fc.property(personal, (who) => {
        const target = JsonPingSchema.parse({ kind: 'json', url: 'https://buyer.example/ping' });
        const built = buildJsonPing(target, {
          lead: pingLead({ ...LEAD, ...who }),
          auctionId: 'a-1',
          secret: () => 'k',
        });
        if (!built.ok) return false;
        const sent = built.request.body + built.request.url;
        return Object.entries(who).every(([field, value]) =>
          field === 'zip_code' ? !sent.includes(value) : !sent.includes(JSON.stringify(value)),
        );
      }),
    );
  });
});

describe('reading a JSON ping answer', () => {
  const target = JsonPingSchema.parse({
    kind: 'json',
    url: 'https://buyer.example/ping',
    answer: { price: 'offer.price', bidId: 'offer.id', validSeconds: 'offer.ttl', message: 'note' },
  });
  const read = (status: number, json: unknown) => readJsonPing(target, { status, json });
  it.each([
    [
      'a bid',
      200,
      { offer: { price: '42.50', id: 'b-1', ttl: 30 } },
      { kind: 'bid', priceCents: 4250, bidRef: 'b-1', validForMs: 30_000 },
    ],
    [
      'a number price, default validity',
      200,
      { offer: { price: 7, id: 9 } },
      { kind: 'bid', priceCents: 700, bidRef: '9', validForMs: 60_000 },
    ],
    ['no price: no bid', 200, { note: 'not in area' }, { kind: 'declined', reason: 'no_bid', message: 'not in area' }],
    ['a zero price: no bid', 200, { offer: { price: '0.00', id: 'x' } }, { kind: 'declined', reason: 'no_bid' }],
    ['a negative price', 200, { offer: { price: -5, id: 'x' } }, { kind: 'declined', reason: 'bad-answer' }],
    [
      'a price that is not a number',
      200,
      { offer: { price: 'lots', id: 'x' } },
      { kind: 'declined', reason: 'bad-answer' },
    ],
    ['a price beyond any lead', 200, { offer: { price: 250000, id: 'x' } }, { kind: 'declined', reason: 'bad-answer' }],
    ['no bid id', 200, { offer: { price: 12 } }, { kind: 'declined', reason: 'bad-answer', message: 'no offer.id' }],
    ['not JSON', 200, undefined, { kind: 'declined', reason: 'bad-answer' }],
    [
      'a server error',
      503,
      { offer: { price: 12, id: 'x' } },
      { kind: 'declined', reason: 'http-status', message: 'HTTP 503' },
    ],
    ['a refusal status', 403, {}, { kind: 'declined', reason: 'http-status' }],
  ])('%s', (_name, status, json, expected) => {
    expect(read(status, json)).toMatchObject(expected);
  });

  it('a price is cents rounded, positive and bounded', () => {
    expect([bidCents('12.345'), bidCents('0.01'), bidCents(' 10 '), bidCents('1e3'), bidCents('10000.01')]).toEqual([
      1235,
      1,
      1000,
      undefined,
      undefined,
    ]);
  });
});

describe('choosing among offers (issue 32 "Choose")', () => {
  const ping = (buyerKey: string, dollars: number, expiresAt: string | null = '2026-11-28T12:00:00Z'): Offer => ({
    buyerKey,
    kind: 'ping',
    priceCents: dollars * 100,
    priority: 0,
    expiresAt,
  });
  const standing = (buyerKey: string, dollars: number, priority = 0): Offer => ({
    buyerKey,
    kind: 'standing',
    priceCents: dollars * 100,
    priority,
    expiresAt: null,
  });
  const NOW = new Date('2026-11-28T11:59:00Z');

  it('ranks highest first; a ping bid beats a standing bid at the same price; floors cut ping bids only', () => {
    const { ranked, belowFloor } = rankOffers(
      [standing('direct-50', 50), ping('p-50', 50), ping('p-70', 70), ping('p-20', 20), standing('direct-10', 10)],
      { operatorCents: 2500, buyerCents: (key) => (key === 'p-70' ? 8000 : 0) },
    );
    expect(ranked.map((o) => o.buyerKey)).toEqual(['p-50', 'direct-50', 'direct-10']);
    expect(belowFloor.map((o) => o.buyerKey).sort()).toEqual(['p-20', 'p-70']);
  });

  it('the next offer skips buyers that had the lead and bids that expired', () => {
    const ranked = [ping('late', 90, '2026-11-28T11:58:00Z'), ping('a', 80), standing('b', 40)];
    expect(nextOffer(ranked, new Set(), NOW)?.buyerKey).toBe('a');
    expect(nextOffer(ranked, new Set(['a']), NOW)?.buyerKey).toBe('b');
    expect(nextOffer(ranked, new Set(['a', 'b']), NOW)).toBeUndefined();
  });

  it('the winner is the best offer above its floor, and walking the offers never names a buyer twice (property)', () => {
    const offer = fc.record({
      buyerKey: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      kind: fc.constantFrom<'ping' | 'standing'>('ping', 'standing'),
      priceCents: fc.integer({ min: 1, max: 20_000 }),
      priority: fc.integer({ min: -2, max: 2 }),
      expiresAt: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(offer, { maxLength: 12 }), fc.integer({ min: 0, max: 20_000 }), (offers, floor) => {
        const { ranked, belowFloor } = rankOffers(offers, { operatorCents: floor, buyerCents: () => 0 });
        if (ranked.length + belowFloor.length !== offers.length) return false;
        if (ranked.some((o) => o.kind === 'ping' && o.priceCents < floor)) return false;
        if (belowFloor.some((o) => o.kind === 'standing' || o.priceCents >= floor)) return false;
        const best = Math.max(0, ...ranked.map((o) => o.priceCents));
        if (ranked.length > 0 && ranked[0]!.priceCents !== best) return false;
        const taken = new Set<string>();
        for (let next = nextOffer(ranked, taken, NOW); next; next = nextOffer(ranked, taken, NOW)) {
          if (taken.has(next.buyerKey)) return false;
          taken.add(next.buyerKey);
        }
        return taken.size === new Set(ranked.map((o) => o.buyerKey)).size;
      }),
    );
  });
});
