/**
 * §5 enough_words: the case description has at least 4 space-separated words. Its own module, apart from
 * the gibberish reading (text/description-checks.ts): every derivation reads it, and the browser's first
 * chunk carries it without the letters tables that reading needs (issue 33).
 */
import { ENOUGH_WORDS_MIN } from '../constants';

export function hasEnoughWords(text: string): boolean {
  return text.trim().split(/\s+/).filter(Boolean).length >= ENOUGH_WORDS_MIN;
}
