/**
 * Stand-in ping-post buyers for development (issue 32: `npm start` shows auctions among the sample
 * buyers). Each answers a ping in its API's own words (the generic JSON ping, Lead Prosper's, boberdoo's
 * XML) after a latency drawn between two bounds (from quick to past the buyer's deadline), bids a price
 * that varies with the lead's state and injury, sometimes declines, and keeps the bid ids it gave so a post
 * can name them. How it behaves is set per buyer on its URL's query, so the sample buyers file says it:
 * `?base=60&latency=20-1800&decline=0.15&refuse=0.1` (base price in dollars, latency bounds in ms, the
 * share of pings declined, the share of posts refused; the post's URL carries `refuse`). State in memory.
 */
import { randomUUID } from 'node:crypto';

export interface FakePingProfile {
  baseDollars: number;
  minLatencyMs: number;
  maxLatencyMs: number;
  declineRate: number;
  refuseRate: number;
}

export const DEFAULT_FAKE_PING_PROFILE: FakePingProfile = {
  baseDollars: 50,
  minLatencyMs: 20,
  maxLatencyMs: 600,
  declineRate: 0.1,
  refuseRate: 0,
};

function numberParam(value: unknown, fallback: number, min: number, max: number): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
}

/** The profile a buyer's URL query sets; anything missing or unreadable keeps its default. */
export function fakePingProfile(query: Readonly<Record<string, unknown>>): FakePingProfile {
  const d = DEFAULT_FAKE_PING_PROFILE;
  const latency = typeof query.latency === 'string' ? /^(\d+)-(\d+)$/.exec(query.latency) : null;
  const low = latency ? Number(latency[1]) : d.minLatencyMs;
  const high = latency ? Number(latency[2]) : d.maxLatencyMs;
  return {
    baseDollars: numberParam(query.base, d.baseDollars, 1, 5000),
    minLatencyMs: Math.min(low, high, 10_000),
    maxLatencyMs: Math.min(Math.max(low, high), 10_000),
    declineRate: numberParam(query.decline, d.declineRate, 0, 1),
    refuseRate: numberParam(query.refuse, d.refuseRate, 0, 1),
  };
}

/** A lead in a state where injury claims settle higher is worth more; an uninjured visitor far less. */
const STATE_FACTORS: Readonly<Record<string, number>> = { CA: 1.3, NY: 1.25, NJ: 1.2, TX: 1.15, FL: 1.1, IL: 1.1 };

/** Reads the state and the injury answer from any kind's ping body (state/State, injured/physical_injury/Injured). */
export function pingTraits(body: Readonly<Record<string, unknown>>): { state: string; injured: boolean } {
  const text = (...names: string[]) => {
    for (const name of names) if (typeof body[name] === 'string') return String(body[name]);
    return '';
  };
  return {
    state: text('state', 'State').toUpperCase(),
    injured: text('injured', 'physical_injury', 'Injured').toLowerCase() === 'yes',
  };
}

export interface FakePingDecision {
  latencyMs: number;
  /** The bid in dollars, or null: a decline. */
  priceDollars: number | null;
}

export function decidePing(
  profile: FakePingProfile,
  traits: { state: string; injured: boolean },
  random: () => number,
): FakePingDecision {
  const latencyMs = Math.round(profile.minLatencyMs + random() * (profile.maxLatencyMs - profile.minLatencyMs));
  if (random() < profile.declineRate) return { latencyMs, priceDollars: null };
  const factor = (STATE_FACTORS[traits.state] ?? 1) * (traits.injured ? 1 : 0.35) * (0.85 + random() * 0.3);
  return { latencyMs, priceDollars: Math.round(profile.baseDollars * factor * 100) / 100 };
}

export type FakePingKind = 'json' | 'leadprosper' | 'boberdoo';

export interface FakeAnswerText {
  status: number;
  contentType: string;
  body: string;
}

const json = (value: unknown): FakeAnswerText => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(value),
});
export const boberdooXml = (inner: string): FakeAnswerText => ({
  status: 200,
  contentType: 'text/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?>\n<response>${inner}</response>`,
});

/** The ping's answer in the kind's words, and the bid id it gave (remembered for the post). */
export function pingAnswer(kind: FakePingKind, decision: FakePingDecision, bidId: string): FakeAnswerText {
  const price = decision.priceDollars;
  switch (kind) {
    case 'json':
      return json(
        price === null ? { bid: 0, message: 'not buying this one' } : { bid: price, bid_id: bidId, valid_seconds: 120 },
      );
    case 'leadprosper':
      return json(
        price === null
          ? { status: 'ERROR', code: 1002, message: 'No buyers available' }
          : { status: 'ACCEPTED', code: 0, message: '', ping_id: bidId, price },
      );
    case 'boberdoo':
      return boberdooXml(
        price === null
          ? '<status>Unmatched</status>'
          : `<status>Matched</status><lead_id>${bidId}</lead_id><price>${price.toFixed(2)}</price>`,
      );
  }
}

/** The bid ids given per firm, so a post naming one it never gave is refused. */
export interface FakeBids {
  give(firm: string): string;
  gave(firm: string, bidId: string): boolean;
}

export function createFakeBids(): FakeBids {
  const given = new Map<string, Set<string>>();
  return {
    give(firm) {
      const bidId = randomUUID();
      const ids = given.get(firm) ?? new Set<string>();
      if (ids.size > 10_000) ids.clear();
      ids.add(bidId);
      given.set(firm, ids);
      return bidId;
    },
    gave: (firm, bidId) => given.get(firm)?.has(bidId) ?? false,
  };
}
