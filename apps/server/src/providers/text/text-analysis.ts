/**
 * Reads a case description with the trained TextModel and decides whether it is gibberish (spec §5
 * is_gibberish). Each word is "known" (in the dictionary), "bad" (keyboard mash or a spelling no English
 * or Spanish word has), or neither (a typo, a street or brand name, an abbreviation). The text is
 * gibberish when it has no words, when a few words are pasted over and over, when bad words carry much
 * of it, or when too little of it is known or everyday language (made-up syllables: "kopa lemi suto").
 */
import type { TextModel } from './text-model';
import { wordTokens } from './text-tokens';

export type WordKind = 'known' | 'bad' | 'unknown';

export interface WordReading {
  word: string;
  kind: WordKind;
  /** Best mean log₂ probability per character under the English or the Spanish model. */
  score: number;
}

export type GibberishReason = 'no-words' | 'repeated' | 'mash' | 'unfamiliar';

export interface TextReading {
  isGibberish: boolean;
  reason: GibberishReason | null;
  words: WordReading[];
  /** Share of letters in known words. */
  knownShare: number;
  /** Share of letters in bad words. */
  badShare: number;
  /** Share of words (two letters or more) that are everyday words. */
  coreShare: number;
  /** Distinct words / words (two letters or more). */
  variety: number;
}

/** Tuned on the dev split of apps/server/test/providers/text/gibberish-labelled.json only. */
export const THRESHOLDS = {
  /** Below this bits-per-character score a word is spelt like no English or Spanish word. */
  badWordScore: -7.5,
  badShare: 0.35,
  /** Mean of knownShare and coreShare. */
  familiarity: 0.4,
  variety: 0.5,
} as const;

// Letter rows only (words are letters); a Spanish keyboard's "ñ" is folded to "n" before this runs.
export const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
interface KeyPlace {
  r: number;
  c: number;
}
/** Each letter's row and place in it (issue 15: a run is read in one pass, not by trying substrings). */
const KEY_PLACES = new Map(
  KEYBOARD_ROWS.flatMap((row, r) => [...row].map((key, c): [string, KeyPlace] => [key, { r, c }])),
);

/**
 * Longest run of neighbouring keys along one keyboard row in the word, either way ("asdf" → 4,
 * "property" → 4): the longest part of the word that is part of a row or of a row read backwards.
 */
export function keyboardRun(word: string): number {
  let best = 0;
  let length = 0;
  let step = 0;
  let previous: KeyPlace | undefined;
  for (const letter of word) {
    const place = KEY_PLACES.get(letter);
    const move = place && previous && place.r === previous.r ? place.c - previous.c : 0;
    if (place === undefined) length = 0;
    else if (length > 0 && (move === 1 || move === -1)) {
      // The same way on: the run grows; the other way: a new run of the last two keys.
      length = length === 1 || move === step ? length + 1 : 2;
      step = move;
    } else length = 1;
    previous = place;
    best = Math.max(best, length);
  }
  return best;
}

/** One chunk of one to three letters typed three times or more: "asdasdasd", "jajaja", "xdxdxd". */
export function isRepeatedChunk(word: string): boolean {
  return word.length >= 6 && /^(.{1,3})\1{2,}.{0,2}$/.test(word);
}

/** A chunk typed twice or more ("asdasd", "kjhkjh"): mash unless the dictionary knows it ("murmur"). */
function isDoubledChunk(word: string): boolean {
  return word.length >= 6 && /^(.{2,4})\1+.{0,2}$/.test(word);
}

function readWord(word: string, model: TextModel): WordReading {
  const score = Math.max(model.english.score(word), model.spanish.score(word));
  const run = keyboardRun(word);
  const known = model.dictionary.has(word);
  // A known word may hold a four-key run ("property", "liberty"); five ("qwerty") is always the keyboard.
  if (run >= 5 || isRepeatedChunk(word)) return { word, kind: 'bad', score };
  if (!known && (run >= 4 || isDoubledChunk(word))) return { word, kind: 'bad', score };
  if (known) return { word, kind: 'known', score };
  // One- to three-letter unknowns are mostly abbreviations ("nb", "mkt", "gf"): no evidence either way.
  if (word.length >= 4 && score < THRESHOLDS.badWordScore) return { word, kind: 'bad', score };
  return { word, kind: 'unknown', score };
}

export function readText(text: string, model: TextModel): TextReading {
  const words = wordTokens(text).map((word) => readWord(word, model));
  // Long words count more than short ones, up to a cap so one pasted blob does not swamp the text.
  const weight = (w: WordReading) => Math.min(w.word.length, 12);
  const total = words.reduce((sum, w) => sum + weight(w), 0);
  const share = (kind: WordKind) =>
    total === 0 ? 0 : words.filter((w) => w.kind === kind).reduce((sum, w) => sum + weight(w), 0) / total;
  const longer = words.filter((w) => w.word.length >= 2);
  const variety = longer.length === 0 ? 0 : new Set(longer.map((w) => w.word)).size / longer.length;
  const coreShare = longer.length === 0 ? 0 : longer.filter((w) => model.core.has(w.word)).length / longer.length;
  const reading = { words, knownShare: share('known'), badShare: share('bad'), coreShare, variety };

  let reason: GibberishReason | null = null;
  if (longer.length === 0) reason = 'no-words';
  else if (longer.length >= 3 && variety < THRESHOLDS.variety) reason = 'repeated';
  else if (reading.badShare >= THRESHOLDS.badShare) reason = 'mash';
  else if ((reading.knownShare + coreShare) / 2 < THRESHOLDS.familiarity) reason = 'unfamiliar';
  return { isGibberish: reason !== null, reason, ...reading };
}
