/** Issue 32 "Console": the auction figures the console shows (percentiles, win rate, revenue rates, periods). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUCTION_BID_DECLINES,
  buyerAuctionFigures,
  declineLabel,
  percentile,
  periodStart,
  revenueRates,
} from '../src/auction/auction-report';

describe('auction figures', () => {
  it.each([
    [[], 50, null],
    [[7], 90, 7],
    [[10, 20, 30, 40], 50, 20],
    [[10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90, 90],
    [[100, 10, 50], 90, 100],
  ])('percentile(%j, %d) = %j', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('a percentile is one of the values, and p50 ≤ p90', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 1 }), (values) => {
        const p50 = percentile(values, 50) ?? -1;
        const p90 = percentile(values, 90) ?? -1;
        expect(values).toContain(p50);
        expect(p50).toBeLessThanOrEqual(p90);
      }),
    );
  });

  it('win rate over pings and standing bids, average of priced answers; none: null', () => {
    expect(
      buyerAuctionFigures({ pinged: 4, standing: 0, priced: 3, pricedSumCents: 9000, won: 1, latenciesMs: [5, 9] }),
    ).toEqual({ winRate: 0.25, averageBidCents: 3000, latencyP50Ms: 5, latencyP90Ms: 9 });
    expect(
      buyerAuctionFigures({ pinged: 0, standing: 0, priced: 0, pricedSumCents: 0, won: 0, latenciesMs: [] }),
    ).toEqual({ winRate: null, averageBidCents: null, latencyP50Ms: null, latencyP90Ms: null });
  });

  it('revenue per lead and per visitor; visitors not known: null', () => {
    expect(revenueRates({ visitors: 4, leads: 2, revenueCents: 11_000 })).toEqual({
      perLeadCents: 5500,
      perVisitorCents: 2750,
    });
    expect(revenueRates({ visitors: null, leads: 0, revenueCents: 0 })).toEqual({
      perLeadCents: null,
      perVisitorCents: null,
    });
  });

  it('every decline has words; an unknown code is shown as it is', () => {
    for (const code of AUCTION_BID_DECLINES) expect(declineLabel(code)).not.toBe(code);
    expect(declineLabel('new-code')).toBe('new-code');
  });

  it('periods: today from UTC midnight, 7 and 30 days back', () => {
    const now = new Date('2026-11-28T04:50:00.000Z');
    expect(periodStart('today', now).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(periodStart('7d', now).toISOString()).toBe('2026-11-21T04:50:00.000Z');
    expect(periodStart('30d', now).toISOString()).toBe('2026-10-29T04:50:00.000Z');
  });
});
