/**
 * The case description's local gibberish reading (spec §5 is_gibberish). The spec's gibberish check is a
 * remote call; this is the offline reading the product uses when that call gave no verdict: keyboard mash
 * shows as words that fail the §5 word shape, runs along a keyboard row, or one chunk typed over and over.
 * A derivation is handed it (lead/derive-lead.ts DeriveContext.gibberishReading): the server always, the
 * browser from its forms chunk, so it and the letters tables stay out of the survey's first chunk (issue 33).
 * enough_words is text/enough-words.ts.
 */
import { failsWordShape, letterWords } from './letters';

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];
/** Each row both ways, read once. */
const KEYBOARD_RUNS = KEYBOARD_ROWS.flatMap((row) => [row, [...row].reverse().join('')]);

/** Four or more letters in a row along a keyboard row, either direction ("asdf", "lkjh"). */
function hasKeyboardRun(word: string): boolean {
  for (let i = 0; i + 4 <= word.length; i++) {
    const chunk = word.slice(i, i + 4);
    if (KEYBOARD_RUNS.some((run) => run.includes(chunk))) return true;
  }
  return false;
}

/** A word that is one short chunk typed again and again: "asdasdasd", "lololol". */
function isRepeatedChunk(word: string): boolean {
  return word.length >= 6 && /^(\p{L}{1,3})\1{2,}\p{L}{0,2}$/u.test(word);
}

function isMashWord(word: string): boolean {
  return failsWordShape(word) || hasKeyboardRun(word) || isRepeatedChunk(word);
}

/**
 * The last text read and its reading: the browser derives the lead on every answer after the description
 * (issue 10), and the text does not change between those answers.
 */
let lastReading: { text: string; gibberish: boolean } | null = null;

export function looksLikeGibberish(text: string): boolean {
  if (lastReading?.text !== text) lastReading = { text, gibberish: readsAsGibberish(text) };
  return lastReading.gibberish;
}

function readsAsGibberish(text: string): boolean {
  const words = letterWords(text).filter((w) => w.length > 1);
  if (words.length === 0) return true;
  const mash = words.filter(isMashWord).length;
  const distinct = new Set(words).size;
  // Real sentences use varied words; mash repeats a few tokens or fails the shape tests.
  if (words.length >= 4 && distinct / words.length < 0.35) return true;
  return mash / words.length > 0.4;
}
