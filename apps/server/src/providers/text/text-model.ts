/**
 * Trains the offline gibberish model at start-up from the installed word lists (docs/text-model.md):
 * an English and a Spanish character 4-gram model, a hashed dictionary of both lists plus EXTRA_WORDS,
 * and the set of "core words" from the hand-written sentences. Nothing is precomputed or committed:
 * the lists are read from node_modules (they stay external to the server bundle) and training takes
 * about 0.4 s, once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type CharNgramModel, CharNgramTrainer } from './char-ngram';
import { EXTRA_WORDS, TRAINING_SENTENCES } from './training-corpus';
import { foldWord, wordTokens } from './text-tokens';
import { HashedWordSet } from './word-set';

export interface TextModel {
  english: CharNgramModel;
  spanish: CharNgramModel;
  /** Both word lists, the training sentences' words and EXTRA_WORDS, folded. */
  dictionary: HashedWordSet;
  /** Everyday words from the training sentences and EXTRA_WORDS: what real descriptions are made of. */
  core: ReadonlySet<string>;
}

/** Word lists to train on; iterables so the installed lists can be streamed, not held in memory. */
export interface WordLists {
  english: Iterable<string>;
  spanish: Iterable<string>;
}

/** How much one word of the hand-written sentences counts against one dictionary entry. */
const SENTENCE_WEIGHT = 20;

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The words of an installed word-list package (a JSON array of plain strings). Rather than
 * JSON.parse, which holds ~900k strings at once (peak RSS ~150 MB), the common shape — no escapes —
 * is scanned quote to quote and each word is handed over and dropped (peak ~75 MB, twice as fast).
 * Anything else falls back to JSON.parse with a type check.
 */
export function* listedWords(packageName: string): Generator<string> {
  // Resolved at run time so that the ~12 MB of JSON is read from node_modules, never bundled.
  const file = createRequire(import.meta.url).resolve(packageName);
  const text = readFileSync(file, 'utf8').trim();
  if (text.startsWith('["') && text.endsWith('"]') && !text.includes('\\')) {
    for (let open = 1; open !== -1;) {
      const close = text.indexOf('"', open + 1);
      yield text.slice(open + 1, close);
      open = text.indexOf('"', close + 1);
    }
    return;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isStringArray(parsed)) throw new Error(`${packageName} is not an array of words`);
  yield* parsed;
}

export function installedWordLists(): WordLists {
  return { english: listedWords('an-array-of-english-words'), spanish: listedWords('an-array-of-spanish-words') };
}

export function trainTextModel(lists: WordLists): TextModel {
  const english = new CharNgramTrainer();
  const spanish = new CharNgramTrainer();
  const dictionary = HashedWordSet.builder(1 << 20);
  // One pass per list, folding each word once: this loop is most of the start-up cost.
  for (const word of lists.english) {
    const folded = foldWord(word);
    english.add(folded);
    dictionary.add(folded);
  }
  for (const word of lists.spanish) {
    const folded = foldWord(word);
    spanish.add(folded);
    dictionary.add(folded);
  }
  // The sentences weigh more than dictionary entries so that everyday spellings ("the", "que", "my")
  // are not drowned by 900k rare inflections.
  const englishSentenceWords = TRAINING_SENTENCES.english.flatMap(wordTokens);
  const spanishSentenceWords = TRAINING_SENTENCES.spanish.flatMap(wordTokens);
  for (const word of englishSentenceWords) english.add(word, SENTENCE_WEIGHT);
  for (const word of spanishSentenceWords) spanish.add(word, SENTENCE_WEIGHT);

  const core = new Set([...englishSentenceWords, ...spanishSentenceWords, ...EXTRA_WORDS.map(foldWord)]);
  for (const word of core) dictionary.add(word);
  return { english: english.compile(), spanish: spanish.compile(), dictionary: dictionary.build(), core };
}

let shared: TextModel | undefined;

/** The model trained from the installed lists, trained on first use and then shared by the process. */
export function installedTextModel(): TextModel {
  shared ??= trainTextModel(installedWordLists());
  return shared;
}
