/**
 * §5 "Bad-word check on names sets name_bad_word", with the content filter's word lists: server-side
 * only since issue 10 (the browser derives without the lists; see lead/derive-lead.ts WordLists).
 */
import { hasBannedContent, NAME_BAD_WORD_CATEGORIES } from './content-filter';
import { letterWords } from './letters';

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
