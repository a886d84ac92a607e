/**
 * The statistics of an experiment's arms (issue 16, docs/decisions/0021-experiments-and-funnel-statistics.md): 95% Wilson
 * intervals for rates, a normal-approximation interval for revenue per visitor, and the probability that
 * each arm is best by Monte Carlo over Beta posteriors. Pure: the random source is a seeded generator,
 * so the same counts always give the same probabilities.
 */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval of a proportion: successes of trials. Stays inside [0, 1] and is sensible at 0
 * and at n (unlike the Wald interval). No trials: the whole of [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval {
  if (!(trials > 0)) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Mean revenue per visitor and its 95% interval by the normal approximation, from the visitors' count,
 * the sum of revenue and the sum of squares (a visitor with no sale counts 0). The sample variance uses
 * n − 1; the low end is not below 0 (revenue is never negative). Fewer than two visitors: no interval
 * beyond the mean itself on the low side and unbounded above (null).
 */
export function meanInterval(
  n: number,
  sum: number,
  sumOfSquares: number,
  z = Z_95,
): { mean: number; low: number; high: number | null } {
  if (n <= 0) return { mean: 0, low: 0, high: null };
  const mean = sum / n;
  if (n < 2) return { mean, low: 0, high: null };
  const variance = Math.max(0, (sumOfSquares - n * mean * mean) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { mean, low: Math.max(0, mean - half), high: mean + half };
}

/** mulberry32: a small, fast 32-bit generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller; the second value is dropped for simplicity). */
function normalDraw(random: () => number): number {
  const u = 1 - random(); // (0, 1]: log is finite
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Gamma(shape, 1) draw: Marsaglia and Tsang (2000); shape < 1 boosted by U^(1/shape). */
export function gammaDraw(shape: number, random: () => number): number {
  if (shape < 1) return gammaDraw(shape + 1, random) * Math.pow(1 - random(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normalDraw(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - random();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(a, b) draw as X / (X + Y) of two Gamma draws. */
export function betaDraw(a: number, b: number, random: () => number): number {
  const x = gammaDraw(a, random);
  const y = gammaDraw(b, random);
  return x / (x + y);
}

export interface ArmCounts {
  successes: number;
  trials: number;
}

/** Monte Carlo draws for P(best): enough for ±0.005 at one standard error near 0.5. */
export const DEFAULT_DRAWS = 10_000;
/** The generator's seed: the same counts give the same probabilities on every screen and server. */
export const DEFAULT_SEED = 20_261_123;

/**
 * For each arm, the probability that its true rate is the highest, under a uniform Beta(1, 1) prior:
 * the posterior of an arm is Beta(1 + successes, 1 + failures); each draw picks the arm with the highest
 * sampled rate (ties to the earlier arm, which happen with probability 0). Sums to 1. No arms: [].
 */
export function probabilityBest(arms: readonly ArmCounts[], options: { draws?: number; seed?: number } = {}): number[] {
  if (arms.length === 0) return [];
  if (arms.length === 1) return [1];
  const draws = options.draws ?? DEFAULT_DRAWS;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const wins = arms.map(() => 0);
  for (let i = 0; i < draws; i++) {
    let best = 0;
    let bestValue = -1;
    for (const [k, arm] of arms.entries()) {
      const failures = Math.max(0, arm.trials - arm.successes);
      const value = betaDraw(1 + arm.successes, 1 + failures, random);
      if (value > bestValue) {
        bestValue = value;
        best = k;
      }
    }
    wins[best] = (wins[best] ?? 0) + 1;
  }
  return wins.map((w) => w / draws);
}

/** What the console shows per arm. */
export interface ArmInput {
  arm: string;
  variant: string;
  weight: number;
  visitors: number;
  leads: number;
  qualified: number;
  /** Revenue of the arm's leads, in cents, and the sum of each lead's revenue squared (cents²). */
  revenueCents: number;
  revenueSquaresCents: number;
}

export interface ArmStats extends ArmInput {
  completion: { rate: number } & Interval;
  qualification: { rate: number } & Interval;
  revenuePerVisitor: { mean: number; low: number; high: number | null };
  /**
   * P(this arm's qualified-lead rate per visitor is the highest); null while an arm has no visitor (issue 29:
   * with nothing observed the draws only echo the prior, and 51%/49% would read as a result).
   */
  pBestQualified: number | null;
  /** P(this arm's completion rate per visitor is the highest); null as pBestQualified. */
  pBestCompletion: number | null;
}

/** P(best) compares arms only when every arm has had at least one visitor (issue 29). */
export function canCompareArms(arms: readonly { visitors: number }[]): boolean {
  return arms.length > 0 && arms.every((arm) => arm.visitors > 0);
}

const rate = (num: number, den: number) => (den > 0 ? num / den : 0);

/** Every figure of every arm; rates are per visitor (a lead from a visitor never counted is capped). */
export function armStats(arms: readonly ArmInput[], options: { draws?: number; seed?: number } = {}): ArmStats[] {
  const capped = arms.map((a) => ({
    ...a,
    leads: Math.min(a.leads, a.visitors),
    qualified: Math.min(a.qualified, a.leads, a.visitors),
  }));
  const comparable = canCompareArms(arms);
  const best = (successes: (arm: ArmInput) => number) =>
    comparable
      ? probabilityBest(
          capped.map((a) => ({ successes: successes(a), trials: a.visitors })),
          options,
        )
      : [];
  const pQualified = best((a) => a.qualified);
  const pCompletion = best((a) => a.leads);
  return arms.map((arm, i) => {
    const c = capped[i] ?? arm;
    return {
      ...arm,
      completion: { rate: rate(c.leads, c.visitors), ...wilsonInterval(c.leads, c.visitors) },
      qualification: { rate: rate(c.qualified, c.visitors), ...wilsonInterval(c.qualified, c.visitors) },
      revenuePerVisitor: meanInterval(arm.visitors, arm.revenueCents, arm.revenueSquaresCents),
      pBestQualified: comparable ? (pQualified[i] ?? 0) : null,
      pBestCompletion: comparable ? (pCompletion[i] ?? 0) : null,
    };
  });
}
