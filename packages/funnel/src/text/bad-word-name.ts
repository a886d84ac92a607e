/**
 * §5 "Bad-word check on names sets name_bad_word", with the content filter's word lists: server-side
 * only since issue 10 (the browser derives without the lists; see lead/derive-lead.ts WordLists). Issue 27:
 * a real given name or surname is never read as a bad word (Kike, the usual short form of Enrique; Marica;
 * Verga; Anal): the names the word lists also hold are generated with the block list
 * (text/known-names.ts NAMES_ON_WORD_LISTS), and the flag never disqualifies a lead (rules/qualification.ts).
 */
import { hasBannedContent, NAME_BAD_WORD_CATEGORIES } from './content-filter';
import { NAMES_ON_WORD_LISTS } from './known-names';
import { foldLetters, letterWords } from './letters';

function isRealName(word: string): boolean {
  return NAMES_ON_WORD_LISTS.has(word) || NAMES_ON_WORD_LISTS.has(foldLetters(word));
}

/**
 * §5 name_bad_word: only profanity and sexual terms count in a name. The other filter categories
 * (weather, animals, spam) hold real surnames: Snow, Storm, Fox, Winner, Money.
 */
export function isBadWordName(name: string): boolean {
  const words = letterWords(name).filter((w) => !isRealName(w));
  return hasBannedContent(words.join(' '), NAME_BAD_WORD_CATEGORIES);
}
