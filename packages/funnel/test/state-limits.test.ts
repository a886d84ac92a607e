import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCIDENT_AGE_LIMITS } from '../src/rules/accident-age-limits';
import { isAccidentLimitExceeded, limitYearsFor } from '../src/rules/state-limits';
import { StateLimitRowSchema } from '../src/rules/state-limit-row';

describe('state accident age limits (§3, §5, shared/data)', () => {
  it('matches the CSV it is generated from (run npm run data:state-limits when this fails)', () => {
    const csv = readFileSync(new URL('../data/accident-age-limits.csv', import.meta.url), 'utf8');
    const rows = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line: string) => {
        const [state, years, from, before, ...note] = line.split(',');
        return {
          state,
          years: Number(years),
          accidentsFrom: from || null,
          accidentsBefore: before || null,
          source: note.join(','),
        };
      });
    expect(ACCIDENT_AGE_LIMITS).toEqual(rows);
    for (const row of ACCIDENT_AGE_LIMITS) StateLimitRowSchema.parse(row);
  });

  it('covers the 50 states and DC', () => {
    expect(new Set(ACCIDENT_AGE_LIMITS.map((r) => r.state)).size).toBe(51);
  });

  it.each([
    ['FL', '2023-03-23', 4],
    ['FL', '2023-03-24', 2],
    ['LA', '2024-06-30', 1],
    ['LA', '2024-07-01', 2],
    ['KY', '2025-01-01', 2],
    ['TN', '2025-01-01', 1],
    ['ME', '2025-01-01', 6],
    ['MO', '2025-01-01', 5],
    ['XX', '2025-01-01', null],
  ])('%s accident on %s → %s years', (state, date, years) => {
    expect(limitYearsFor(ACCIDENT_AGE_LIMITS, state, date)).toBe(years);
  });

  it.each([
    ['TN', '2025-11-22', '2026-11-22', false],
    ['TN', '2025-11-21', '2026-11-22', true],
    ['CA', '2024-11-22', '2026-11-22', false],
    ['CA', '2024-11-21', '2026-11-22', true],
    ['FL', '2022-11-23', '2026-11-22', false],
    ['FL', '2023-11-21', '2025-11-22', true],
  ])('%s accident on %s, today %s: exceeded %s', (state, date, today, exceeded) => {
    expect(isAccidentLimitExceeded(ACCIDENT_AGE_LIMITS, state, date, today)).toBe(exceeded);
  });
});
