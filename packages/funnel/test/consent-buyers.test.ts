import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FALLBACK_BUYERS_EXCLUDED_STATES } from '../src/constants';
import {
  type Buyer,
  BuyersResponseSchema,
  consentBuyerFields,
  countModalShown,
  decideConsentModal,
  DEFAULT_TEAM_BUYER,
  fallbackBuyersForState,
  formatBuyerIds,
  formatBuyerNames,
  resolveConsentBuyers,
  selectedBuyersChanged,
  withTeamEntryFirst,
} from '../src/rules/consent-buyers';

const firm = (name: string, ...ids: string[]): Buyer => ({ name, ids });
const TEAM = firm('Default Team', '8674');
const FALLBACK = [firm('Fallback Partner Law Firm 1', '40747'), firm('Fallback Partner Law Firm 2', '40745')];

describe('fallback buyers (§8, §9)', () => {
  it.each(FALLBACK_BUYERS_EXCLUDED_STATES.map((s) => [s]))('gives none in the excluded state %s', (state) => {
    expect(fallbackBuyersForState(state)).toEqual([]);
  });

  it.each(['NY', 'ny', ' nj ', 'WA', 'OH'])('gives the two fallback firms, 40747 then 40745, in %j', (state) => {
    expect(fallbackBuyersForState(state)).toEqual(FALLBACK);
  });

  it.each(['', '  ', 'C', 'New York', '12'])('gives none when the state is unknown: %j', (state) => {
    expect(fallbackBuyersForState(state)).toEqual([]);
  });

  it('uses the fallback in every two-letter state outside the §9 list', () => {
    const excluded: readonly string[] = FALLBACK_BUYERS_EXCLUDED_STATES;
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}$/), (state) => {
        expect(fallbackBuyersForState(state)).toHaveLength(excluded.includes(state) ? 0 : 2);
      }),
    );
  });
});

describe('team entry (§9)', () => {
  it('is added first when missing', () => {
    expect(withTeamEntryFirst([firm('A', '1')])).toEqual([TEAM, firm('A', '1')]);
    expect(withTeamEntryFirst([])).toEqual([TEAM]);
    expect(DEFAULT_TEAM_BUYER).toEqual(TEAM);
  });

  it('is moved first, not repeated, when the list has it', () => {
    const named = firm('Our Team', '8674');
    expect(withTeamEntryFirst([firm('A', '1'), named, firm('B', '2')])).toEqual([
      named,
      firm('A', '1'),
      firm('B', '2'),
    ]);
  });

  it('is always first and once, the other buyers keeping their order', () => {
    const buyer = fc.record({
      name: fc.string({ minLength: 1 }),
      ids: fc.array(fc.constantFrom('1', '2', '3', '8674', '40747'), { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(buyer, { maxLength: 6 }), (buyers) => {
        const result = withTeamEntryFirst(buyers);
        const hasTeam = (b: Buyer) => b.ids.includes('8674');
        expect(result[0]?.ids).toContain('8674');
        expect(result.slice(1).filter(hasTeam)).toEqual([]);
        expect(result.slice(1)).toEqual(buyers.filter((b) => !hasTeam(b)));
      }),
    );
  });
});

describe('stored formats (§3, §9)', () => {
  it.each<[Buyer[], string]>([
    [[], ''],
    [[firm('A', '1', '2', '3')], '_1_2_3_'],
    [[firm('A', '1', '2', '3'), firm('B', '4', '5', '6')], '_1_2_3_4_5_6_'],
    [[firm('A', '40747'), firm('B', '40745')], '_40747_40745_'],
  ])('ids of %j → %j', (buyers, expected) => {
    expect(formatBuyerIds(buyers)).toBe(expected);
  });

  it('encloses every id in underscores, in order, so "_id_" finds exactly that id', () => {
    const id = fc.stringMatching(/^[0-9]{1,6}$/);
    fc.assert(
      fc.property(fc.array(fc.array(id, { minLength: 1, maxLength: 4 }), { maxLength: 5 }), (idLists) => {
        const text = formatBuyerIds(idLists.map((ids, i) => firm(`Firm ${i}`, ...ids)));
        const ids = idLists.flat();
        if (ids.length === 0) {
          expect(text).toBe('');
          return;
        }
        expect(text.startsWith('_') && text.endsWith('_')).toBe(true);
        expect(text.slice(1, -1).split('_')).toEqual(ids);
        for (const one of ids) expect(text).toContain(`_${one}_`);
      }),
    );
  });

  it.each<[Buyer[], string]>([
    [[], ''],
    [[firm('Firm A', '1')], 'Firm A'],
    [[firm('Firm A', '1'), firm(' Firm B ', '2')], 'Firm A|Firm B'],
    [[firm('A|B Law', '1')], 'A/B Law'],
  ])('names of %j → %j', (buyers, expected) => {
    expect(formatBuyerNames(buyers)).toBe(expected);
  });

  it.each<[Buyer[], Buyer[], 'yes' | 'no']>([
    [[firm('A', '1'), firm('B', '2')], [firm('A', '1'), firm('B', '2')], 'no'],
    [[firm('A', '1'), firm('B', '2')], [firm('B', '2'), firm('A', '1')], 'no'],
    [[firm('A', '1'), firm('B', '2')], [firm('A', '1')], 'yes'],
    [[firm('A', '1')], [], 'yes'],
    [[], [], 'no'],
  ])('selected_buyers_changed from %j to %j: %s', (initial, final, expected) => {
    expect(selectedBuyersChanged(initial, final)).toBe(expected);
  });

  it('writes every consent field', () => {
    const a = firm('Firm A', '1', '2', '3');
    const b = firm('Firm B', '4', '5', '6');
    const extra = firm('Firm C', '7');
    expect(consentBuyerFields({ displayed: [a, b], allPossible: [TEAM, a, b, extra], timeout: 'no' }, [b])).toEqual({
      selected_buyers: '_4_5_6_',
      selected_buyer_names: 'Firm B',
      displayed_buyers: '_1_2_3_4_5_6_',
      selected_buyers_number: 1,
      selected_buyers_changed: 'yes',
      all_possible_buyer_names: 'Default Team|Firm A|Firm B|Firm C',
      all_possible_buyer_ids: '_8674_1_2_3_4_5_6_7_',
      all_possible_buyers_number: 4,
    });
  });
});

describe('buyers response (§7 POST /buyers/get-available)', () => {
  it('reads ids given as numbers or strings, and ignores other keys', () => {
    const parsed = BuyersResponseSchema.parse({
      selectedBuyers: [{ name: ' Firm A ', ids: [1, '2'] }],
      allPossibleBuyers: [
        { name: 'Firm A', ids: [1, 2] },
        { name: 'Firm B', ids: ['40747'] },
      ],
      extra: true,
    });
    expect(parsed).toEqual({
      selectedBuyers: [firm('Firm A', '1', '2')],
      allPossibleBuyers: [firm('Firm A', '1', '2'), firm('Firm B', '40747')],
    });
  });

  it('reads missing lists as empty', () => {
    expect(BuyersResponseSchema.parse({})).toEqual({ selectedBuyers: [], allPossibleBuyers: [] });
  });

  it.each([
    ['an id with the "_" separator', { selectedBuyers: [{ name: 'A', ids: ['1_2'] }] }],
    ['an id with "|"', { selectedBuyers: [{ name: 'A', ids: ['1|2'] }] }],
    ['an empty id', { selectedBuyers: [{ name: 'A', ids: [''] }] }],
    ['a negative id', { selectedBuyers: [{ name: 'A', ids: [-1] }] }],
    ['no ids', { selectedBuyers: [{ name: 'A', ids: [] }] }],
    ['an empty name', { selectedBuyers: [{ name: '  ', ids: ['1'] }] }],
    ['a list that is not a list', { selectedBuyers: 'Firm A' }],
    ['not an object', 'error'],
  ])('refuses %s', (_name, body) => {
    expect(BuyersResponseSchema.safeParse(body).success).toBe(false);
  });
});

describe('resolving the consent buyers', () => {
  const a = firm('Firm A', '11');
  const b = firm('Firm B', '12');

  it('shows the selected buyers of the response and records all possible ones, team first', () => {
    const response = { selectedBuyers: [a], allPossibleBuyers: [a, b] };
    expect(resolveConsentBuyers({ state: 'CA', response })).toEqual({
      displayed: [a],
      allPossible: [TEAM, a, b],
      timeout: 'no',
    });
  });

  it('records the selected buyers as all possible when the response lists none', () => {
    const response = { selectedBuyers: [a, b] };
    expect(resolveConsentBuyers({ state: 'CA', response }).allPossible).toEqual([TEAM, a, b]);
  });

  it('does not repeat the team entry the response already has', () => {
    const team = firm('Team', '8674');
    const response = { selectedBuyers: [a], allPossibleBuyers: [a, team] };
    expect(resolveConsentBuyers({ state: 'CA', response }).allPossible).toEqual([team, a]);
  });

  it.each<[string, unknown, string, Buyer[], Buyer[], 'yes' | 'no']>([
    // Issue 28: the server answered and offered none (it applies §8's fallback rule itself): none shown.
    ['no buyer returned, state allowed', { selectedBuyers: [] }, 'NY', [], [TEAM], 'no'],
    ['no buyer returned, state excluded', { selectedBuyers: [] }, 'CA', [], [TEAM], 'no'],
    ['none selected, some possible', { allPossibleBuyers: [a] }, 'NY', [], [TEAM, a], 'no'],
    ['call failed, state allowed', undefined, 'NY', FALLBACK, [TEAM, ...FALLBACK], 'yes'],
    ['call failed, state excluded', undefined, 'TX', [], [TEAM], 'yes'],
    ['call failed, state unknown', undefined, '', [], [TEAM], 'yes'],
    ['malformed answer', { selectedBuyers: 'x' }, 'NY', FALLBACK, [TEAM, ...FALLBACK], 'yes'],
  ])('%s (§8)', (_name, response, state, displayed, allPossible, timeout) => {
    expect(resolveConsentBuyers({ state, response })).toEqual({ displayed, allPossible, timeout });
  });
});

describe('consent decision (§4)', () => {
  it.each<[number, number, 'first' | 'second' | 'none']>([
    [0, 3, 'second'],
    [0, 1, 'second'],
    [1, 3, 'first'],
    [2, 3, 'first'],
    [3, 3, 'none'],
    [1, 1, 'none'],
    [0, 0, 'none'],
  ])('%d selected of %d available → %s modal', (selected, available, modal) => {
    expect(decideConsentModal(selected, available)).toBe(modal);
  });

  it('shows a modal exactly when some buyer is available and not selected', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), (x, y) => {
        const [selected, available] = x <= y ? [x, y] : [y, x];
        expect(decideConsentModal(selected, available) !== 'none').toBe(available > 0 && selected < available);
      }),
    );
  });

  it('counts each modal each time it is shown', () => {
    const shown = (['first', 'first', 'none', 'second'] as const).reduce(countModalShown, { first: 0, second: 0 });
    expect(shown).toEqual({ first: 2, second: 1 });
  });
});
