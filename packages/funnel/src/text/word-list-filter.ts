/**
 * The content filter as the derivation reads it (lead/derive-lead.ts ContentFilter): §5's word lists on
 * the description (bad_words) and on the names (name_bad_word). The server hands it to every derivation
 * it stores; the browser never loads the lists (issue 10) and derives with none.
 */
import type { ContentFilter } from '../lead/derive-lead';
import { isBadWordName } from './bad-word-name';
import { hasBannedContent } from './content-filter';

export const WORD_LIST_FILTER: ContentFilter = {
  descriptionHasBannedContent: (description) => hasBannedContent(description),
  isBadWordName,
};
