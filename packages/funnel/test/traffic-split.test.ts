import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LP_S2_GOOGLE_SHARE } from '../src/constants';
import { chooseLpS2, fnv1a32, seedToUnit } from '../src/rules/traffic-split';

/** Share of google among the seeds, as a fraction. */
function googleShare(seeds: readonly string[]): number {
  return seeds.filter((seed) => chooseLpS2(seed) === 'google').length / seeds.length;
}

describe('FNV-1a', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the published test vector', (text, hash) => {
    expect(fnv1a32(text)).toBe(hash);
  });

  it('hashes the UTF-8 bytes, so non-ASCII seeds are stable', () => {
    expect(fnv1a32('é')).toBe(fnv1a32('\u00e9'));
    expect(fnv1a32('é')).not.toBe(fnv1a32('e'));
  });

  it('maps any string into [0, 1)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (seed) => {
        const unit = seedToUnit(seed);
        expect(unit).toBeGreaterThanOrEqual(0);
        expect(unit).toBeLessThan(1);
      }),
    );
  });
});

describe('lp_s2 split (§3, §9: google 75%, facebook 25%)', () => {
  it('is google for three quarters', () => {
    expect(LP_S2_GOOGLE_SHARE).toBe(0.75);
  });

  it.each<[number, 'google' | 'facebook']>([
    [0, 'google'],
    [0.5, 'google'],
    [0.7499999999999999, 'google'],
    [0.75, 'facebook'],
    [0.75000000000001, 'facebook'],
    [0.9999999999999999, 'facebook'],
  ])('seed %d → %s', (seed, side) => {
    expect(chooseLpS2(seed)).toBe(side);
  });

  it.each([1, -0.1, 1.5, NaN, Infinity, -Infinity])('refuses the seed %d', (seed) => {
    expect(() => chooseLpS2(seed)).toThrow(RangeError);
  });

  it('is google exactly below 0.75 for numeric seeds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (seed) => {
        expect(chooseLpS2(seed)).toBe(seed < 0.75 ? 'google' : 'facebook');
      }),
    );
  });

  it('gives the same side for the same string seed', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(chooseLpS2(seed)).toBe(chooseLpS2(seed));
      }),
    );
  });

  it('is within 75% ± 2% over many sequential ids, whatever their prefix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (prefix) => {
        const seeds = Array.from({ length: 10_000 }, (_, i) => `${prefix}${i}`);
        expect(Math.abs(googleShare(seeds) - 0.75)).toBeLessThanOrEqual(0.02);
      }),
      { numRuns: 20 },
    );
  });

  it('is within 75% ± 2% over many lead ids (UUIDs)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { minLength: 10_000, maxLength: 10_000 }), (seeds) => {
        expect(Math.abs(googleShare(seeds) - 0.75)).toBeLessThanOrEqual(0.02);
      }),
      { numRuns: 5 },
    );
  });
});
