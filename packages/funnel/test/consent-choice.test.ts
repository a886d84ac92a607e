import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkConsentChoice, consentOutcome, formatBuyerIds, type Buyer } from '../src/rules/consent-buyers';

const A: Buyer = { name: 'A', ids: ['1', '2', '3'] };
const B: Buyer = { name: 'B', ids: ['4'] };

describe('§3 1_to_1_result and 1_to_1_dq from the choice (issue 13)', () => {
  it.each([
    [3, 3, 'all_selected', 'no'],
    [2, 3, 'some_selected', 'no'],
    [0, 3, 'none_selected', 'yes'],
  ])('%i kept of %i shown → %s, dq %s', (kept, shown, result, dq) => {
    expect(consentOutcome(kept, shown)).toEqual({ '1_to_1_result': result, '1_to_1_dq': dq });
  });
});

describe('the server reads a consent choice against its offer (a client cannot add a buyer)', () => {
  it.each([
    ['an offered buyer', '_1_2_3_', ['A'], []],
    ['two offered buyers', '_4_1_2_3_', ['B', 'A'], []],
    ['a buyer never offered', '_1_2_3_99_', ['A'], ['99']],
    ['nothing', '', [], []],
  ])('%s', (_name, selected, names, refused) => {
    const choice = checkConsentChoice([A, B], { selected_buyers: selected, displayed_buyers: '_1_2_3_4_' });
    expect(choice.selected.map((b) => b.name)).toEqual(names);
    expect(choice.refusedIds).toEqual(refused);
    expect(choice.displayed).toEqual([A, B]);
  });

  it('never keeps a buyer outside the offer, whatever the body says', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9]{1,3}$/), { maxLength: 10 }), (ids) => {
        const choice = checkConsentChoice([A, B], { selected_buyers: ids.length ? `_${ids.join('_')}_` : '' });
        for (const buyer of choice.selected) expect([A, B]).toContain(buyer);
        const offered = new Set(formatBuyerIds([A, B]).split('_'));
        for (const id of choice.refusedIds) expect(offered.has(id)).toBe(false);
      }),
    );
  });
});
