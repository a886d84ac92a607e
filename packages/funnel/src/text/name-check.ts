/**
 * Name gibberish check (spec §5 "Name"): "ignore titles (Mr, Dr, etc.) and suffixes (Jr, III, PhD, etc.),
 * drop one-letter words; a word is gibberish if under 2 characters, has no vowel, has a letter repeated
 * 3 or more times, or has 5 consecutive non-vowels. Campaign ids 516, 180, 330 and a block list skip the
 * check." A title or suffix is ignored only beside another word: "Don", "Doña", "Sir" or "Miss" alone is
 * a name. The block list is text/known-names.ts: real names (SSA given names, Census surnames) that the
 * shape rule would flag, such as Armstrong and Ng.
 *
 * Issue 27: letters are judged without their marks (text/letters.ts: Dũng, Phạm, Kılıç, Ødegård are
 * names), and "one-letter words" are initials of the Latin alphabet: a name of one Han or Hangul
 * character (李, 김) is a whole name, and a word of another script is never gibberish for want of a
 * Latin vowel.
 */
import { KNOWN_NAME_WORDS } from './known-names';
import { failsWordShape, foldLetters, isLatinWord, letterCount, letterWords } from './letters';

const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'rev',
  'sir',
  'madam',
  'sra',
  'sr',
  'srta',
  'don',
  'dona',
  'doña',
]);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'phd', 'md', 'dds', 'esq', 'cpa', 'rn']);
/** The 1990 Census list cuts surnames at 13 letters (Christopherso): a longer word matches on those. */
const CENSUS_SURNAME_LENGTH = 13;

function isTitleOrSuffix(word: string): boolean {
  return TITLES.has(word) || SUFFIXES.has(word);
}

/** The list holds words folded (text/letters.ts): Smrčka and Smrcka are one name. */
export function isKnownNameWord(word: string): boolean {
  const folded = foldLetters(word);
  return KNOWN_NAME_WORDS.has(folded) || KNOWN_NAME_WORDS.has(folded.slice(0, CENSUS_SURNAME_LENGTH));
}

/** §5 "drop one-letter words": a Latin initial (J., Ø) is dropped; one character of another script is a name. */
function isInitial(word: string): boolean {
  return letterCount(word) < 2 && isLatinWord(word);
}

/** The words the shape rule judges: one-letter words dropped, titles and suffixes while another word is left. */
export function nameWords(name: string): string[] {
  const words = letterWords(name).filter((w) => !isInitial(w));
  const named = words.filter((w) => !isTitleOrSuffix(w));
  if (named.length > 0) return named;
  // Only titles and suffixes: dropping each while another remains leaves the last ("Dr. Don" → Don).
  const last = words[words.length - 1];
  return last === undefined ? [] : [last];
}

/** §5: these campaigns skip the name check. */
export const NAME_CHECK_EXEMPT_CAMPAIGNS: ReadonlySet<string> = new Set(['516', '180', '330']);

export function isNameGibberish(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return true;
  return words.some((w) => !isKnownNameWord(w) && failsWordShape(w));
}

export function nameGibberishFlag(firstName: string, lastName: string, lpCampaignId: string): 'yes' | 'no' {
  if (NAME_CHECK_EXEMPT_CAMPAIGNS.has(lpCampaignId)) return 'no';
  return isNameGibberish(firstName) || isNameGibberish(lastName) ? 'yes' : 'no';
}
