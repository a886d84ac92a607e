import { describe, expect, it } from 'vitest';
import { inpRows, worstOf, type InpReport } from '../inp-rows';

function report(value: number, more: Partial<InpReport> = {}): InpReport {
  return {
    value,
    target: 'button.option',
    type: 'pointer',
    inputDelay: 2,
    processingDuration: value - 10,
    presentationDelay: 8,
    longestScript: '',
    at: 0,
    step: '',
    ...more,
  };
}

describe('worstOf', () => {
  it.each([
    { walks: [], worst: null },
    { walks: [null, null], worst: null },
    { walks: [report(40), null, report(90), report(60)], worst: 90 },
    { walks: [report(120)], worst: 120 },
  ])('picks the highest of $walks.length walks', ({ walks, worst }) => {
    expect(worstOf(walks)?.value ?? null).toBe(worst);
  });
});

describe('inpRows', () => {
  const floor = { name: 'floor', walks: [report(24), report(32), report(40)] };
  it.each([
    {
      what: 'a page within budget, with its ratio to the floor and its worst interaction',
      page: { name: '/g', walks: [report(48), report(64), report(96)] },
      row: '| /g | 64 ms (48 ms–96 ms) 2.00× | 96 ms: `button.option` (pointer); input delay 2 ms, processing 86 ms, presentation 8 ms | yes |',
    },
    {
      what: 'a page over budget says in how many walks',
      page: {
        name: '/survey',
        walks: [
          report(80),
          report(140),
          report(180, { type: 'keyboard', target: 'input[name="phone"]', step: 'PhoneAndZip' }),
        ],
      },
      row: '| /survey | 140 ms (80 ms–180 ms) 4.38× | 180 ms: `input[name="phone"]` (keyboard on PhoneAndZip); input delay 2 ms, processing 170 ms, presentation 8 ms | no: 2 of 3 walks over |',
    },
    {
      what: 'an element gone, a longest script, and a pipe kept out of the table',
      page: { name: '/es', walks: [report(50, { target: '', longestScript: 'input-delay: a|b.js 30 ms' })] },
      row: '| /es | 50 ms (50 ms–50 ms) 1.56× | 50 ms: (element gone) (pointer); input delay 2 ms, processing 40 ms, presentation 8 ms; longest script: input-delay: a\\|b.js 30 ms | yes |',
    },
    {
      what: 'a page whose walks reported nothing',
      page: { name: '/none', walks: [null] },
      row: '| /none | no interaction reported | — | — |',
    },
  ])('$what', ({ page, row }) => {
    const rows = inpRows([floor, page]);
    expect(rows[0]).toBe('| page | worst INP of a walk | worst interaction (attribution) | every tap ≤ 100 ms |');
    expect(rows[2]).toBe(
      '| floor | 32 ms (24 ms–40 ms) | 40 ms: `button.option` (pointer); input delay 2 ms, processing 30 ms, presentation 8 ms | yes |',
    );
    expect(rows[3]).toBe(row);
  });

  it('holds a page to the budget given', () => {
    expect(inpRows([{ name: 'floor', walks: [report(60)] }], 50)[2]).toMatch(/\| no: 1 of 1 walks over \|$/);
  });
});
