/**
 * A character 4-gram language model over a folded a–z alphabet, with Witten–Bell interpolation down to
 * a uniform distribution. Trained on a word list it says how "word-like" a token's spelling is: English
 * and Spanish words score around −2 to −4 bits per character, keyboard mash ("sdfkjh") −8 and below.
 * After training, the counts are compiled into one table of log-probabilities (28⁴ floats, 2.4 MB), so
 * scoring a word is one lookup per character.
 */

/** Symbol 0 marks a word boundary, 1–26 are a–z, 27 stands for any other letter (ß, ø, Cyrillic…). */
const BOUNDARY = 0;
const OTHER = 27;
const SIZE = 28;
/** Powers of SIZE, computed once: `**` in the training loop is not constant-folded and costs 7×. */
const SIZE2 = SIZE * SIZE;
const SIZE3 = SIZE2 * SIZE;

function symbolOf(code: number): number {
  return code >= 97 && code <= 122 ? code - 96 : OTHER;
}

function bump(counts: Uint32Array, index: number, by: number): void {
  counts[index] = (counts[index] ?? 0) + by;
}

export class CharNgramModel {
  /** A compiled table from CharNgramTrainer.compile(): log₂ P(d | a b c) at ((a·28 + b)·28 + c)·28 + d. */
  constructor(private readonly logProb: Float32Array) {}

  /** Memory held by the table. */
  get byteLength(): number {
    return this.logProb.byteLength;
  }

  /** Mean log₂ probability per symbol, the end boundary included, of a folded word. */
  score(word: string): number {
    let context = 0; // the last three symbols as a base-28 number; boundaries at the start
    let sum = 0;
    for (let i = 0; i <= word.length; i++) {
      const d = i < word.length ? symbolOf(word.charCodeAt(i)) : BOUNDARY;
      sum += this.logProb[context * SIZE + d] ?? 0;
      context = (context * SIZE + d) % SIZE3;
    }
    return sum / (word.length + 1);
  }
}

export class CharNgramTrainer {
  // Counts of 1- to 4-grams, each indexed like a base-28 number of its symbols. add() runs ~10M times
  // at start-up, hence four named arrays and precomputed powers rather than a loop over orders.
  private readonly c1 = new Uint32Array(SIZE);
  private readonly c2 = new Uint32Array(SIZE2);
  private readonly c3 = new Uint32Array(SIZE3);
  private readonly c4 = new Uint32Array(SIZE3 * SIZE);

  /** Adds one folded word; an integer weight lets hand-written sentences count more than a list entry. */
  add(word: string, weight = 1): void {
    let context = 0; // the last three symbols as a base-28 number; boundaries at the start
    for (let i = 0; i <= word.length; i++) {
      const d = i < word.length ? symbolOf(word.charCodeAt(i)) : BOUNDARY;
      const gram = context * SIZE + d;
      bump(this.c4, gram, weight);
      bump(this.c3, gram % SIZE3, weight);
      bump(this.c2, gram % SIZE2, weight);
      bump(this.c1, d, weight);
      context = gram % SIZE3;
    }
  }

  /** Interpolates every order into a 4-gram log-probability table (Witten–Bell: λ = n / (n + types)). */
  compile(): CharNgramModel {
    let lower = new Float64Array(1).fill(1 / SIZE); // below unigrams: uniform
    const orders = [this.c1, this.c2, this.c3, this.c4];
    for (let k = 0; k < orders.length; k++) {
      const counts = orders[k] ?? new Uint32Array(0);
      const prob = new Float64Array(SIZE ** (k + 1));
      for (let h = 0; h < SIZE ** k; h++) {
        let total = 0;
        let types = 0;
        for (let d = 0; d < SIZE; d++) {
          const n = counts[h * SIZE + d] ?? 0;
          total += n;
          if (n > 0) types++;
        }
        // The next lower order forgets the oldest symbol of the context.
        const shorter = k === 0 ? 0 : h % SIZE ** (k - 1);
        for (let d = 0; d < SIZE; d++) {
          const backoff = lower[k === 0 ? 0 : shorter * SIZE + d] ?? 1 / SIZE;
          const n = counts[h * SIZE + d] ?? 0;
          prob[h * SIZE + d] = total > 0 ? (n + types * backoff) / (total + types) : backoff;
        }
      }
      lower = prob;
    }
    const table = new Float32Array(lower.length);
    for (let i = 0; i < lower.length; i++) table[i] = Math.log2(lower[i] ?? 1 / SIZE);
    return new CharNgramModel(table);
  }
}
