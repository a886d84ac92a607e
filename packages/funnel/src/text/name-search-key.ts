/**
 * The console's search by name (issue 29): a name and a search are compared folded, so "jose nunez" finds
 * José Núñez and "dung" finds Dũng Phạm (docs/spec-decisions.md). Folded as §5's checks read letters
 * (letters.ts): lower-cased, marks removed, the undecomposed Latin letters read as their base (ø o, ß ss…).
 * Every other character is kept as typed (digits, apostrophes, `%`, `_`), so the search still takes them
 * literally; letters of other scripts are kept too (Иван finds Иван, lower-cased).
 */
import { foldLetters } from './letters';

/**
 * A text folded for the name search: in compatibility form (full-width Ｊｏｓｅ is jose, ŉ is ʼn, ﬁ is fi),
 * lower-case, without marks.
 */
export function foldForSearch(text: string): string {
  return foldLetters(text.normalize('NFKC').toLowerCase().normalize('NFKC'));
}

/** The key a lead is found by: its first and last name, folded, as one text ("jose nunez"). */
export function nameSearchKey(firstName: string, lastName: string): string {
  return foldForSearch(`${firstName} ${lastName}`);
}

/** The words of a search, folded: each must appear in a lead's key. */
export function searchWords(text: string): string[] {
  return foldForSearch(text)
    .split(/\s+/)
    .filter((word) => word !== '');
}
