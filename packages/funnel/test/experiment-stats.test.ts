/**
 * The experiment statistics (issue 16) against published values: Wilson intervals (Newcombe 1998,
 * table I), the normal interval of a mean, and P(best) against its closed form for Beta posteriors
 * (Evan Miller's formula for P(B > A)), seeded so every run gives the same figures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  armStats,
  betaDraw,
  meanInterval,
  probabilityBest,
  seededRandom,
  wilsonInterval,
} from '../src/experiments/experiment-stats';

/** P(X_B > X_A) for X ~ Beta(1 + successes, 1 + failures), exact for integer parameters. */
function exactBBeatsA(a: { s: number; n: number }, b: { s: number; n: number }): number {
  const [alphaA, betaA, alphaB, betaB] = [1 + a.s, 1 + a.n - a.s, 1 + b.s, 1 + b.n - b.s];
  const logBeta = (x: number, y: number) => lgamma(x) + lgamma(y) - lgamma(x + y);
  let total = 0;
  for (let i = 0; i < alphaB; i++) {
    total += Math.exp(
      logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - logBeta(alphaA, betaA),
    );
  }
  return total;
}

/** ln Γ(x) by Lanczos (g = 7, n = 9). */
function lgamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x);
  const y = x - 1;
  let a = c[0] ?? 0;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] ?? 0) / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

describe('Wilson interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ])('%i of %i gives [%f, %f]', (s, n, low, high) => {
    const interval = wilsonInterval(s, n);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('no trials: nothing is known', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('always holds the observed rate, inside [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const s = Math.round(n * share);
        const { low, high } = wilsonInterval(s, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(s / n + 1e-12);
        expect(high).toBeGreaterThanOrEqual(s / n - 1e-12);
      }),
    );
  });
});

describe('mean interval (revenue per visitor)', () => {
  it('matches the textbook normal interval', () => {
    // Values 0, 0, 0, 40, 40 (dollars): mean 16, sample sd sqrt(1920 / 4) = 21.9089; half 1.96 * 21.9089 / sqrt 5.
    const interval = meanInterval(5, 80, 3200);
    expect(interval.mean).toBe(16);
    expect(interval.high).toBeCloseTo(16 + 1.959963984540054 * (21.908902300206645 / Math.sqrt(5)), 9);
    expect(interval.low).toBe(0);
  });

  it('has no upper bound below two visitors, and nothing for none', () => {
    expect(meanInterval(1, 40, 1600)).toEqual({ mean: 40, low: 0, high: null });
    expect(meanInterval(0, 0, 0)).toEqual({ mean: 0, low: 0, high: null });
  });
});

describe('probability of being best', () => {
  it.each([
    [
      { s: 0, n: 0 },
      { s: 0, n: 0 },
    ],
    [
      { s: 10, n: 100 },
      { s: 15, n: 100 },
    ],
    [
      { s: 30, n: 1000 },
      { s: 42, n: 1000 },
    ],
    [
      { s: 1, n: 2 },
      { s: 0, n: 0 },
    ],
  ])('two arms %o and %o: within 0.01 of the closed form', (a, b) => {
    const [pA, pB] = probabilityBest(
      [
        { successes: a.s, trials: a.n },
        { successes: b.s, trials: b.n },
      ],
      { draws: 40_000 },
    );
    expect(pB).toBeCloseTo(exactBBeatsA(a, b), 2);
    expect((pA ?? 0) + (pB ?? 0)).toBeCloseTo(1, 12);
  });

  it('is the same for the same seed, and sums to 1 over three arms', () => {
    const arms = [
      { successes: 5, trials: 50 },
      { successes: 9, trials: 50 },
      { successes: 7, trials: 50 },
    ];
    const once = probabilityBest(arms);
    expect(probabilityBest(arms)).toEqual(once);
    expect(once.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(once[1]).toBeGreaterThan(once[2] ?? 1);
    expect(once[2]).toBeGreaterThan(once[0] ?? 1);
  });

  it('Beta draws have the right mean', () => {
    const random = seededRandom(7);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += betaDraw(3, 7, random);
    expect(sum / 20_000).toBeCloseTo(0.3, 2);
    let small = 0;
    for (let i = 0; i < 20_000; i++) small += betaDraw(0.5, 0.5, random);
    expect(small / 20_000).toBeCloseTo(0.5, 1);
  });
});

describe('arm statistics', () => {
  it('gives rates per visitor, intervals and P(best) for each arm', () => {
    const [a, b] = armStats([
      {
        arm: 'a',
        variant: 'extended',
        weight: 50,
        visitors: 200,
        leads: 40,
        qualified: 20,
        revenueCents: 20 * 4500,
        revenueSquaresCents: 20 * 4500 * 4500,
      },
      {
        arm: 'b',
        variant: 'v7',
        weight: 50,
        visitors: 200,
        leads: 60,
        qualified: 36,
        revenueCents: 0,
        revenueSquaresCents: 0,
      },
    ]);
    expect(a?.completion.rate).toBe(0.2);
    expect(a?.qualification.rate).toBe(0.1);
    expect(a?.revenuePerVisitor.mean).toBe(450);
    expect(b?.revenuePerVisitor).toEqual({ mean: 0, low: 0, high: 0 });
    expect(b?.pBestQualified).toBeGreaterThan(0.95);
    expect((a?.pBestQualified ?? 0) + (b?.pBestQualified ?? 0)).toBeCloseTo(1, 12);
    expect(b?.completion.low).toBeGreaterThan(0.2);
  });
});

describe('P(best) with arms nobody visited (issue 29)', () => {
  const arm = (name: string, visitors: number, leads: number, qualified: number) => ({
    arm: name,
    variant: 'extended',
    weight: 50,
    visitors,
    leads,
    qualified,
    revenueCents: 0,
    revenueSquaresCents: 0,
  });
  it.each([
    { case: 'a stopped experiment with no visitor', arms: [arm('a', 0, 0, 0), arm('b', 0, 0, 0)], compared: false },
    { case: 'one arm not yet visited', arms: [arm('a', 30, 5, 2), arm('b', 0, 0, 0)], compared: false },
    { case: 'leads but no counted visitor', arms: [arm('a', 0, 3, 1), arm('b', 0, 2, 2)], compared: false },
    { case: 'every arm visited once', arms: [arm('a', 1, 0, 0), arm('b', 1, 1, 1)], compared: true },
    { case: 'a single visited arm', arms: [arm('a', 5, 1, 1)], compared: true },
  ])('$case: compared $compared', ({ arms, compared }) => {
    const stats = armStats(arms, { draws: 2000 });
    for (const s of stats) {
      expect(s.pBestQualified === null).toBe(!compared);
      expect(s.pBestCompletion === null).toBe(!compared);
    }
    if (compared) {
      expect(stats.reduce((sum, s) => sum + (s.pBestQualified ?? 0), 0)).toBeCloseTo(1, 12);
    }
  });

  it('never shows a probability when any arm has no visitor (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 4 }), (visitors) => {
        const stats = armStats(
          visitors.map((n, i) => arm(`a${i}`, n, Math.floor(n / 2), Math.floor(n / 3))),
          { draws: 200 },
        );
        const anyEmpty = visitors.some((n) => n === 0);
        return stats.every(
          (s) => (s.pBestQualified === null) === anyEmpty && (s.pBestCompletion === null) === anyEmpty,
        );
      }),
    );
  });
});
