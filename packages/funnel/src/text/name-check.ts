/**
 * Name gibberish check (spec §5 "Name"). Titles and suffixes are ignored, one-letter words are
 * dropped, and a word is gibberish if it is under 2 letters, has no vowel, repeats a letter 3 times
 * in a row, or has 5 non-vowels in a row. A name left with no word at all is gibberish.
 */
import { hasBannedContent, NAME_BAD_WORD_CATEGORIES } from './content-filter';
import { failsWordShape, letterWords } from './letters';

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
/** Real surnames the shape rule would flag (no vowel). Kept short and explicit. */
const KNOWN_NAMES = new Set(['ng']);

/** §5: these campaigns skip the name check. */
export const NAME_CHECK_EXEMPT_CAMPAIGNS: ReadonlySet<string> = new Set(['516', '180', '330']);

export function isNameGibberish(name: string): boolean {
  const words = letterWords(name).filter((w) => !TITLES.has(w) && !SUFFIXES.has(w) && w.length > 1);
  if (words.length === 0) return true;
  return words.some((w) => !KNOWN_NAMES.has(w) && failsWordShape(w));
}

export function nameGibberishFlag(firstName: string, lastName: string, lpCampaignId: string): 'yes' | 'no' {
  if (NAME_CHECK_EXEMPT_CAMPAIGNS.has(lpCampaignId)) return 'no';
  return isNameGibberish(firstName) || isNameGibberish(lastName) ? 'yes' : 'no';
}

/** Real given names that a profanity list also holds. */
const REAL_NAMES_ON_WORD_LISTS: ReadonlySet<string> = new Set([
  'dick',
  'fanny',
  'willy',
  'randy',
  'gay',
  'cummings',
  'hancock',
]);

/**
 * §5 name_bad_word: only profanity and sexual terms count in a name. The other filter categories
 * (weather, animals, spam) hold real surnames: Snow, Storm, Fox, Winner, Money.
 */
export function isBadWordName(name: string): boolean {
  const words = letterWords(name).filter((w) => !REAL_NAMES_ON_WORD_LISTS.has(w));
  return hasBannedContent(words.join(' '), NAME_BAD_WORD_CATEGORIES);
}
