/**
 * §5's word lists as the derivation reads them (lead/derive-lead.ts WordLists): the content filter on the
 * description (bad_words) and the names (name_bad_word), and the name check with its real names
 * (name_gibberish). The server hands them to every derivation it stores; the browser never loads the
 * lists (issue 10) and derives with none.
 */
import type { WordLists } from '../lead/derive-lead';
import { isBadWordName } from './bad-word-name';
import { hasBannedContent } from './content-filter';
import { nameGibberishFlag } from './name-check';

export const WORD_LISTS: WordLists = {
  descriptionHasBannedContent: (description) => hasBannedContent(description),
  isBadWordName,
  nameGibberish: nameGibberishFlag,
};
