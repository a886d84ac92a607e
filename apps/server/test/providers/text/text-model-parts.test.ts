import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CharNgramTrainer } from '../../../src/providers/text/char-ngram';
import { isRepeatedChunk, KEYBOARD_ROWS, keyboardRun } from '../../../src/providers/text/text-analysis';
import { listedWords } from '../../../src/providers/text/text-model';
import { foldWord, wordTokens } from '../../../src/providers/text/text-tokens';
import { HashedWordSet } from '../../../src/providers/text/word-set';

describe('text tokens', () => {
  it.each([
    ['Semáforo', 'semaforo'],
    ['ÑANDÚ', 'nandu'],
    ['car', 'car'],
  ])('folds %s to %s', (word, folded) => {
    expect(foldWord(word)).toBe(folded);
  });

  it('keeps contractions whole, cuts possessives and skips digits and punctuation', () => {
    expect(wordTokens("I didn't see my wife's car on I-95, 2 cars… ¡Qué dolor!")).toEqual([
      'i',
      'didnt',
      'see',
      'my',
      'wife',
      'car',
      'on',
      'i',
      'cars',
      'que',
      'dolor',
    ]);
  });
});

describe('keyboard and repetition signals', () => {
  it.each([
    ['asdf', 4],
    ['lkjh', 4],
    ['qwerty', 6],
    ['property', 4],
    ['car', 1],
    ['trewq', 5],
    ['asdsa', 3],
    ['qaz', 1],
    ['', 0],
    ['ñasdú', 3],
  ])('longest key run in %s is %i', (word, run) => {
    expect(keyboardRun(word)).toBe(run);
  });

  it('is the longest part of the word found in a keyboard row, read either way', () => {
    const runs = KEYBOARD_ROWS.flatMap((row) => [row, [...row].reverse().join('')]);
    const longestPart = (word: string) => {
      let best = 0;
      for (let i = 0; i < word.length; i++) {
        for (let j = i + 1; j <= word.length; j++) {
          if (runs.some((run) => run.includes(word.slice(i, j)))) best = Math.max(best, j - i);
        }
      }
      return best;
    };
    const letters = fc.constantFrom(...'qwertyuiopasdfghjklzxcvbnm1é'.split(''));
    fc.assert(
      fc.property(fc.array(letters, { maxLength: 14 }), (chars) => {
        const word = chars.join('');
        expect(keyboardRun(word)).toBe(longestPart(word));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['asdasdasd', true],
    ['jajajaja', true],
    ['xdxdxdxd', true],
    ['banana', false],
    ['asdasd', false],
  ])('%s is a repeated chunk: %s', (word, expected) => {
    expect(isRepeatedChunk(word)).toBe(expected);
  });
});

describe('character n-gram model', () => {
  it('scores spellings like its training words above unlike ones', () => {
    const trainer = new CharNgramTrainer();
    for (const word of ['car', 'cart', 'care', 'scar', 'card', 'carpet', 'race', 'trace']) trainer.add(word);
    const model = trainer.compile();
    expect(model.score('cars')).toBeGreaterThan(model.score('xqzv'));
    expect(model.score('car')).toBeLessThan(0);
    expect(model.byteLength).toBe(28 ** 4 * 4);
  });
});

describe('hashed word set', () => {
  it('knows its words, not others, and stores each once', () => {
    const set = HashedWordSet.from(['car', 'truck', 'car', 'camión']);
    expect(set.has('car')).toBe(true);
    expect(set.has('camión')).toBe(true);
    expect(set.has('bus')).toBe(false);
    expect(set.size).toBe(3);
  });
});

describe('installed word lists', () => {
  it('streams the same words JSON.parse reads', () => {
    const file = createRequire(import.meta.url).resolve('an-array-of-english-words');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as string[];
    const streamed = [...listedWords('an-array-of-english-words')];
    expect(streamed.length).toBe(parsed.length);
    expect(streamed).toEqual(parsed);
  });
});
