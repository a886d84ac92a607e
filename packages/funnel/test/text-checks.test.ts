import { describe, expect, it } from 'vitest';
import { findBannedContent, hasBannedContent } from '../src/text/content-filter';
import { looksLikeGibberish } from '../src/text/description-checks';
import { hasEnoughWords } from '../src/text/enough-words';
import { isNameGibberish, nameGibberishFlag } from '../src/text/name-check';

describe('name check (§5)', () => {
  // §5: "ignore titles (Mr, Dr, etc.) and suffixes (Jr, III, PhD, etc.), drop one-letter words; a word is
  // gibberish if under 2 characters, has no vowel, has a letter repeated 3 or more times, or has 5
  // consecutive non-vowels. Campaign ids 516, 180, 330 and a block list skip the check."
  it.each([
    // A title is ignored only beside another word: alone it is a given name.
    ['Don', false],
    ['Dona', false],
    ['Doña', false],
    ['Sir', false],
    ['Miss', false],
    ['Rev', false],
    ['Dr. Don', false],
    ['Don Jr.', false],
    ['Mrs', true],
    ['Sr', true],
    // The block list: real names the shape rule would flag.
    ['Armstrong', false],
    ['Bergstrom', false],
    ['Kleinschmidt', false],
    ['Bogenschneider', false],
    ['TJ', false],
    ['Neil Armstrong-Ng', false],
    ['Maria', false],
    ['José Luis', false],
    ['Lynn', false],
    ['Ng', false],
    ['Dr. John Smith Jr.', false],
    ['J. Robert', false],
    ["O'Brien", false],
    ['Xkcdq', true],
    ['Aaaron', true],
    ['Brrrt', true],
    ['Mr', true],
    ['A', true],
    ['Schwartz', false],
    ['Hrmphst', true],
  ])('%s gibberish: %s', (name, expected) => {
    expect(isNameGibberish(name)).toBe(expected);
  });

  it('skips the check for campaigns 516, 180 and 330', () => {
    expect(nameGibberishFlag('Xkcdq', 'Smith', '')).toBe('yes');
    for (const id of ['516', '180', '330']) expect(nameGibberishFlag('Xkcdq', 'Smith', id)).toBe('no');
  });
});

describe('content filter (§5)', () => {
  it.each([
    ['Another driver ran a red light and hit my car', false],
    ['I want free money', true],
    ['FREE consultation', true],
    ['freedom street was closed', false],
    ['I hit a deer on the highway', true],
    ['It was black ice on the bridge', true],
    ['no sé que pasó', true],
    ['Un cabrón me chocó por detrás', true],
    ['I don’t know what happened', true],
    ['It happened 2 years ago at night', true],
    ['The dogwood tree fell', false],
  ])('%s → %s', (text, expected) => {
    expect(hasBannedContent(text)).toBe(expected);
  });

  it('names the category and phrase that matched', () => {
    expect(findBannedContent('we hit black ice and a deer')).toEqual([
      { category: 'animals', phrase: 'deer' },
      { category: 'weather', phrase: 'black ice' },
    ]);
  });
});

describe('description checks (§5)', () => {
  it.each([
    ['rear ended at a light', true],
    ['rear ended at', false],
    ['   lots   of   spaces here  ', true],
  ])('%s has enough words: %s', (text, expected) => {
    expect(hasEnoughWords(text)).toBe(expected);
  });

  it.each([
    ['A truck rear-ended me at a red light and my neck hurts', false],
    ['Me chocaron por detrás en el semáforo y me duele la espalda', false],
    ['asdfasdf asdfasdf asdf asdf', true],
    ['sdfghj kjhgf qwerty zxcvb', true],
    ['hhhhh jjjjj kkkkk lllll mmmmm', true],
    ['aaa aaa aaa aaa aaa aaa', true],
    ['lolololol lolololol lolololol', true],
  ])('%s gibberish: %s', (text, expected) => {
    expect(looksLikeGibberish(text)).toBe(expected);
  });
});

describe('name bad words (§5)', () => {
  it.each([
    ['Snow', false],
    ['Storm', false],
    ['Winner', false],
    ['Fox', false],
    ['Dick', false],
    ['Shit', true],
    ['Puta', true],
    ['Mary Fuck', true],
  ])('%s → %s', async (name, expected) => {
    const { isBadWordName } = await import('../src/text/bad-word-name');
    expect(isBadWordName(name)).toBe(expected);
  });
});
