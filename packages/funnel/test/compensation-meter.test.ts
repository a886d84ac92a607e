import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPENSATION_BLOCK_HEIGHT_PX, COMPENSATION_DISPLAY_CAP, COMPENSATION_INITIAL } from '../src/constants';
import {
  COMPENSATION_BANDS,
  COMPENSATION_BAR_HEIGHT_PX,
  type CompLevel,
  INITIAL_COMPENSATION_READING,
  parseCompLevel,
  readCompensation,
  readCompLevel,
} from '../src/rules/compensation-meter';

/** Percentage of the full bar at `blocks` blocks of seven. */
const at = (blocks: number) => (blocks / 7) * 100;

describe('compensation meter bands (§9)', () => {
  it('has the seven §9 labels, keyed by their amounts', () => {
    expect(COMPENSATION_BANDS.map((b) => [b.max, b.label, b.level])).toEqual([
      [5000, 'Low Value', 1],
      [7000, 'Low to Mid Value', 2],
      [12500, 'Mid Value', 3],
      [25000, 'Mid to High Value', 4],
      [50000, 'High Value', 5],
      [100000, 'Very High Value', 6],
      [250000, 'Extremely High Value', 7],
    ]);
  });

  it('has the §9 ranges, each starting one above the previous', () => {
    expect(COMPENSATION_BANDS.map((b) => `${b.min}-${b.max}`)).toEqual([
      '0-5000',
      '5001-7000',
      '7001-12500',
      '12501-25000',
      '25001-50000',
      '50001-100000',
      '100001-250000',
    ]);
  });

  it('is seven blocks of 60.71 px', () => {
    expect(COMPENSATION_BAR_HEIGHT_PX).toBeCloseTo(7 * 60.71, 10);
  });
});

describe('reading an amount (§3, §9)', () => {
  it.each<[number, CompLevel, string, number, number]>([
    // amount, level, label, band index, position (% of the bar)
    [0, 1, 'Low Value', 0, 0],
    [2500, 1, 'Low Value', 0, at(0.5)],
    [5000, 1, 'Low Value', 0, at(1)],
    [5001, 2, 'Low to Mid Value', 1, at(1 + 1 / 2000)],
    [6000, 2, 'Low to Mid Value', 1, at(1.5)],
    [7000, 2, 'Low to Mid Value', 1, at(2)],
    [7001, 3, 'Mid Value', 2, at(2 + 1 / 5500)],
    [12500, 3, 'Mid Value', 2, at(3)],
    [12501, 4, 'Mid to High Value', 3, at(3 + 1 / 12500)],
    [25000, 4, 'Mid to High Value', 3, at(4)],
    [25001, 5, 'High Value', 4, at(4 + 1 / 25000)],
    [50000, 5, 'High Value', 4, at(5)],
    [50001, 6, 'Very High Value', 5, at(5 + 1 / 50000)],
    [75000, 6, 'Very High Value', 5, at(5.5)],
    [100000, 6, 'Very High Value', 5, at(6)],
    [100001, 7, 'Extremely High Value', 6, at(6 + 1 / 150000)],
    [249499, 7, 'Extremely High Value', 6, at(6 + 149499 / 150000)],
  ])('%d → level %d %s, band %d, at %f %%', (amount, level, label, bandIndex, percent) => {
    const reading = readCompensation(amount);
    expect(reading).toMatchObject({ amount, level, label, bandIndex });
    expect(reading.positionPercent).toBeCloseTo(percent, 10);
    expect(reading.offsetPx).toBeCloseTo((percent / 100) * 7 * COMPENSATION_BLOCK_HEIGHT_PX, 10);
  });

  it('puts every band top on a block edge, 60.71 px apart', () => {
    COMPENSATION_BANDS.slice(0, -1).forEach((band, i) => {
      expect(readCompensation(band.max).offsetPx).toBeCloseTo((i + 1) * 60.71, 10);
    });
  });

  it.each([
    ['the front-end cap', 249500],
    ['the max', 250000],
    ['above the max', 1_000_000],
    ['infinity', Infinity],
  ])('shows %s as the cap, 249500, at full bar', (_name, amount) => {
    expect(readCompensation(amount)).toEqual({
      amount: COMPENSATION_DISPLAY_CAP,
      level: 7,
      label: 'Extremely High Value',
      bandIndex: 6,
      positionPercent: 100,
      offsetPx: COMPENSATION_BAR_HEIGHT_PX,
    });
  });

  it.each([
    ['below 0', -1],
    ['far below 0', -1e9],
    ['minus infinity', -Infinity],
    ['NaN', NaN],
  ])('reads %s as 0, at the bottom of the bar', (_name, amount) => {
    expect(readCompensation(amount)).toEqual({
      amount: 0,
      level: 1,
      label: 'Low Value',
      bandIndex: 0,
      positionPercent: 0,
      offsetPx: 0,
    });
  });

  it('starts at 5000, Low Value, top of the first block', () => {
    expect(INITIAL_COMPENSATION_READING).toEqual(readCompensation(COMPENSATION_INITIAL));
    expect(INITIAL_COMPENSATION_READING).toMatchObject({ amount: 5000, level: 1, label: 'Low Value' });
    expect(INITIAL_COMPENSATION_READING.offsetPx).toBeCloseTo(60.71, 10);
  });

  const amount = fc.oneof(
    fc.integer({ min: -10_000, max: 300_000 }),
    fc.double({ min: -10_000, max: 300_000, noNaN: true }),
    fc.constantFrom(...COMPENSATION_BANDS.flatMap((b) => [b.min, b.max, b.max + 0.5]), 249499.99, 249500),
  );

  it('never moves the mark (or the level) down as the amount rises', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const lowReading = readCompensation(low);
        const highReading = readCompensation(high);
        expect(lowReading.positionPercent).toBeLessThanOrEqual(highReading.positionPercent);
        expect(lowReading.offsetPx).toBeLessThanOrEqual(highReading.offsetPx);
        expect(lowReading.level).toBeLessThanOrEqual(highReading.level);
      }),
    );
  });

  it('keeps the mark inside its own band’s block', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const r = readCompensation(a);
        expect(r.positionPercent).toBeGreaterThanOrEqual(at(r.bandIndex));
        expect(r.positionPercent).toBeLessThanOrEqual(at(r.bandIndex + 1));
        expect(r.level).toBe(r.bandIndex + 1);
        expect(r.amount).toBeGreaterThanOrEqual(0);
        expect(r.amount).toBeLessThanOrEqual(COMPENSATION_DISPLAY_CAP);
      }),
    );
  });
});

describe('reading a compLevel (§7 cl)', () => {
  it.each<[unknown, CompLevel | null]>([
    [1, 1],
    [4, 4],
    [7, 7],
    ['4', 4],
    [' 6 ', 6],
    [5000, 1],
    [25000, 4],
    ['250000', 7],
    [0, null],
    [8, null],
    [4.5, null],
    ['4.5', null],
    [-1, null],
    [5001, null],
    ['', null],
    ['high', null],
    [null, null],
    [undefined, null],
    [{ compLevel: 4 }, null],
  ])('%j → %j', (value, level) => {
    expect(parseCompLevel(value)).toBe(level);
  });

  it.each<[CompLevel, number, number]>([
    [1, 5000, at(1)],
    [2, 7000, at(2)],
    [3, 12500, at(3)],
    [4, 25000, at(4)],
    [5, 50000, at(5)],
    [6, 100000, at(6)],
    [7, 249500, 100],
  ])('level %d shows %d at the top of its band', (level, amountShown, percent) => {
    const reading = readCompLevel(level);
    expect(reading).toMatchObject({ level, amount: amountShown });
    expect(reading?.positionPercent).toBeCloseTo(percent, 10);
  });

  it('gives no reading for a value that is not a compLevel', () => {
    expect(readCompLevel('nonsense')).toBeNull();
  });

  it('reads every level back as itself, as a number or a string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.boolean(), (level, asString) => {
        expect(readCompLevel(asString ? String(level) : level)?.level).toBe(level);
      }),
    );
  });
});
