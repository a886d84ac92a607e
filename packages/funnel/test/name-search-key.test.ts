/** Issue 29: the console's name search, accents aside (text/name-search-key.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, nameSearchKey, searchWords } from '../src';

describe('name search key', () => {
  it.each([
    ['José', 'Núñez', 'jose nunez'],
    ['DŨNG', 'PHẠM', 'dung pham'],
    ['Zoë', "O'Brien", "zoe o'brien"],
    ['Søren', 'Straße', 'soren strasse'],
    ['Kaʻiulani', 'Łukasz', 'kaiulani lukasz'],
    // Combining marks typed apart read as the composed letter.
    ['Jose\u0301', 'Nun\u0303ez', 'jose nunez'],
    ['Иван', 'Петров', 'иван петров'],
    ['Ｊｏｓé', 'ŉa', 'jose na'],
    ['', '', ' '],
  ])('%s %s → %s', (first, last, key) => {
    expect(nameSearchKey(first, last)).toBe(key);
  });

  it.each([
    ['  jose   NÚÑEZ ', ['jose', 'nunez']],
    ['100%_x', ['100%_x']],
    ['   ', []],
  ])('searching %j looks for %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it('finds a name by its own words, however they are typed', () => {
    const name = fc.stringMatching(/^[A-Za-zÀ-ÿĀ-žẠ-ỹ' -]{1,12}$/);
    fc.assert(
      fc.property(name, name, (first, last) => {
        const key = nameSearchKey(first, last);
        for (const typed of [`${first} ${last}`, `${first} ${last}`.toUpperCase(), foldForSearch(`${first} ${last}`)]) {
          expect(searchWords(typed).every((word) => key.includes(word))).toBe(true);
        }
        expect(foldForSearch(key)).toBe(key);
      }),
    );
  });
});
