import { describe, expect, it } from 'vitest';
import { addDays, addYears, daysBetween, isRealDate, monthsBetween, toUsDate } from '../src/lead/dates';

describe('calendar arithmetic', () => {
  it.each([
    ['2026-11-01', '2026-11-22', 21],
    ['2025-11-22', '2026-11-22', 365],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-11-22', '2026-11-22', 0],
  ])('daysBetween(%s, %s) = %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2025-11-22', '2026-11-22', 12],
    ['2025-11-23', '2026-11-22', 11],
    ['2026-01-31', '2026-02-28', 0],
    ['2024-11-01', '2026-11-22', 24],
  ])('monthsBetween(%s, %s) = %i', (from, to, months) => {
    expect(monthsBetween(from, to)).toBe(months);
  });

  it('adds days and years, rolling 29 February forward', () => {
    expect(addDays('2026-02-26', 4)).toBe('2026-03-02');
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(addYears('2023-03-24', 2)).toBe('2025-03-24');
  });

  it('knows real calendar dates and formats them for buyers', () => {
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(toUsDate('2026-03-09')).toBe('03/09/2026');
  });
});
