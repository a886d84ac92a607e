/**
 * §4 "Buyers by path: v4nv-d1 one buyer with ids 1-3; v4nv-d2 five buyers with ids in groups of three;
 * v4nv-x1 one buyer": configuration naming real buyers (issue 28), checked against the buyers that exist.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  CONSENT_LIST_IDS,
  consentListBuyers,
  consentListProblems,
  ConsentListsSchema,
  type ListedBuyer,
} from '../src/delivery/consent-lists';
import { BuyersFileSchema } from '../src/delivery/buyer-config';

const buyer = (key: string, ids: string[], active = true): ListedBuyer => ({ key, name: `Firm ${key}`, ids, active });
const BUYERS = [buyer('a', ['1', '2', '3']), buyer('b', ['4', '5', '6']), buyer('paused', ['7'], false)];

describe('consent lists (§4, issue 28)', () => {
  it('resolve to the configured buyers, in the list’s order, with their names and ids', () => {
    expect(consentListBuyers({ 'v4nv-d2': ['b', 'a'] }, 'v4nv-d2', BUYERS)).toEqual([
      { name: 'Firm b', ids: ['4', '5', '6'] },
      { name: 'Firm a', ids: ['1', '2', '3'] },
    ]);
  });

  it('never offer a paused buyer', () => {
    expect(consentListBuyers({ 'v4nv-d1': ['paused', 'a'] }, 'v4nv-d1', BUYERS)).toEqual([
      { name: 'Firm a', ids: ['1', '2', '3'] },
    ]);
  });

  it.each([['fetch'], [undefined], ['v4nv-x1'], ['toString']])(
    'source %j with no configured list: fetched',
    (source) => {
      expect(consentListBuyers({ 'v4nv-d1': ['a'] }, source, BUYERS)).toBeNull();
    },
  );

  it.each<[Record<string, string[]>, string[]]>([
    [{ 'v4nv-d1': ['a'] }, []],
    [{ 'v4nv-d1': ['nobody'] }, ['consent list v4nv-d1 names buyer nobody, which does not exist']],
    [{ 'v4nv-x1': ['paused'] }, ['consent list v4nv-x1 names buyer paused (Firm paused), which is paused']],
  ])('%j: problems %j', (lists, problems) => {
    expect(consentListProblems(ConsentListsSchema.parse(lists), BUYERS)).toEqual(problems);
  });

  it.each([
    [{ 'v4nv-d1': [] }, 'a consent list names at least one buyer'],
    [{ 'v4nv-d1': ['a', 'a'] }, 'a consent list names each buyer once'],
    [{ 'v4nv-d9': ['a'] }, 'unrecognized_keys'],
    [{ 'v4nv-d1': ['Not A Key'] }, 'A buyer key is'],
  ])('refuses %j with a message naming it', (lists, message) => {
    const parsed = ConsentListsSchema.safeParse(lists);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(message);
  });

  // The sample configuration `npm start` runs with: every list names sample buyers with §4's ids.
  it('the sample lists name sample buyers: d1 one firm with ids 1-3, d2 five firms in groups of three, x1 one', () => {
    const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
    const lists = ConsentListsSchema.parse(read('../../../apps/server/config/sample-consent-lists.json'));
    const buyers = BuyersFileSchema.parse(read('../../../apps/server/config/sample-buyers.json'));
    expect(consentListProblems(lists, buyers)).toEqual([]);
    expect(CONSENT_LIST_IDS.map((id) => consentListBuyers(lists, id, buyers)?.map((b) => b.ids.join('-')))).toEqual([
      ['1-2-3'],
      ['1-2-3', '4-5-6', '7-8-9', '10-11-12', '13-14-15'],
      ['4-5-6'],
    ]);
  });
});
