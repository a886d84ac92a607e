/**
 * Whole-word phrase lists matched in time linear in the text (issue 10): the text is normalised and cut
 * into symbols once, then a character trie of every list's phrases is walked from each place a word may
 * start. A walk stops where the trie has no branch for the next symbol, so it is never longer than the
 * longest phrase: the cost is the text's length times a constant of the lists, whatever the text.
 *
 * The matching rules are those of the regular expressions this replaces, and a property test holds it to
 * them (test/content-filter.test.ts): case-insensitive by Unicode simple case folding; a phrase matches
 * only when no letter or digit touches it on either side; a space or hyphen in a phrase matches any run
 * of spaces and hyphens; an apostrophe in a phrase is optional. Per list, the leftmost match is reported;
 * at one place, the longest phrase of the list (by its written length, ties in list order).
 */

/** One run of spaces and hyphens in a text, whatever its length (a phrase's space matches any run). */
const SEPARATOR = ' ';
const SEPARATOR_CHAR = /^[\s-]$/u;
const WORD_CHAR = /^[\p{L}\p{N}]$/iu;

interface TrieEnd {
  list: number;
  /** Position of the phrase in its list once sorted longest first: lower wins at one place. */
  rank: number;
  /** Which spelling of the phrase (apostrophes kept first): lower wins, as a greedy `'?` would. */
  spelling: number;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  ends: TrieEnd[];
}

export interface PhraseMatch<L extends string> {
  list: L;
  /** The text as written by the visitor (lower-cased), spacing included. */
  phrase: string;
}

export interface PhraseMatcher<L extends string> {
  /** The leftmost match of each list (in the lists' order), or of the given lists only. */
  firstMatches(text: string, lists?: readonly L[]): PhraseMatch<L>[];
  /** Whether any list (or any of the given lists) matches; stops at the first match. */
  matchesAny(text: string, lists?: readonly L[]): boolean;
}

const foldCache = new Map<number, string>();
const FOLD_CACHE_LIMIT = 4096;

function singleCodePoint(text: string): boolean {
  const first = text.codePointAt(0);
  return first !== undefined && String.fromCodePoint(first).length === text.length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the regular-expression engine's `iu` matching holds two characters equal. */
function sameIgnoringCase(a: string, b: string): boolean {
  return new RegExp(`^${escapeRegExp(a)}$`, 'iu').test(b);
}

/**
 * One representative per class of characters equal under Unicode simple case folding (what a `iu`
 * regular expression compares), e.g. "K", "k" and the Kelvin sign all give "k". Every candidate is
 * checked against the regular-expression engine itself, so two characters share a representative only
 * when such an expression would hold them equal.
 */
function fold(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : char;
  const cached = foldCache.get(code);
  if (cached !== undefined) return cached;
  const upper = char.toUpperCase();
  const candidates = [singleCodePoint(upper) ? upper.toLowerCase() : '', char.toLowerCase()];
  const folded = candidates.find((c) => c !== '' && singleCodePoint(c) && sameIgnoringCase(c, char)) ?? char;
  if (foldCache.size < FOLD_CACHE_LIMIT) foldCache.set(code, folded);
  return folded;
}

/** Every spelling of a phrase as symbols, apostrophes kept before apostrophes dropped. */
function spellings(phrase: string): string[][] {
  const words = phrase.split(/[\s-]+/u);
  if (words.some((w) => w === '')) throw new Error(`Phrase "${phrase}" starts or ends with a space or hyphen`);
  let results: string[][] = [[]];
  words.forEach((word, index) => {
    if (index > 0) results = results.map((symbols) => [...symbols, SEPARATOR]);
    for (const char of word) {
      const symbol = fold(char);
      results =
        char === "'"
          ? results.flatMap((symbols) => [[...symbols, symbol], symbols])
          : results.map((symbols) => [...symbols, symbol]);
    }
  });
  return results;
}

function newNode(): TrieNode {
  return { next: new Map(), ends: [] };
}

interface Symbols {
  symbols: string[];
  /**
   * Where each symbol starts and ends in the normalised text (UTF-16 offsets), and whether it is a letter
   * or digit (1): typed arrays the text's length, one allocation each (issue 15).
   */
  starts: Int32Array;
  ends: Int32Array;
  isWord: Uint8Array;
}

/** Cuts a text into symbols once: folded characters, each run of spaces and hyphens as one symbol. */
function toSymbols(text: string): Symbols {
  const out: Symbols = {
    symbols: [],
    starts: new Int32Array(text.length),
    ends: new Int32Array(text.length),
    isWord: new Uint8Array(text.length + 1),
  };
  let offset = 0;
  for (const char of text) {
    const end = offset + char.length;
    const last = out.symbols.length - 1;
    if (isSeparatorChar(char)) {
      if (last >= 0 && out.symbols[last] === SEPARATOR) out.ends[last] = end;
      else {
        out.starts[last + 1] = offset;
        out.ends[last + 1] = end;
        out.symbols.push(SEPARATOR);
      }
    } else {
      out.starts[last + 1] = offset;
      out.ends[last + 1] = end;
      out.isWord[last + 1] = isWordChar(char) ? 1 : 0;
      out.symbols.push(fold(char));
    }
    offset = end;
  }
  return out;
}

/** SEPARATOR_CHAR, read without the regular expression for ASCII (\s there is tab to carriage return and space). */
function isSeparatorChar(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code >= 0x80) return SEPARATOR_CHAR.test(char);
  return code === 0x20 || code === 0x2d || (code >= 0x09 && code <= 0x0d);
}

/** WORD_CHAR, read without the regular expression for ASCII (letters and digits). */
function isWordChar(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code >= 0x80) return WORD_CHAR.test(char);
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function better(a: TrieEnd, b: TrieEnd | undefined): boolean {
  return b === undefined || a.rank < b.rank || (a.rank === b.rank && a.spelling < b.spelling);
}

/**
 * Compiles named phrase lists. `normalise` prepares a text before it is cut into symbols (the content
 * filter composes accents and unifies apostrophes); the reported phrase is taken from its result.
 */
export function compilePhraseLists<L extends string>(
  lists: readonly (readonly [L, readonly string[]])[],
  normalise: (text: string) => string,
): PhraseMatcher<L> {
  const root = newNode();
  const names = lists.map(([name]) => name);
  lists.forEach(([, phrases], list) => {
    // Longest first, ties in list order: the order the alternation of the old expression tried them.
    const sorted = [...new Set(phrases)].sort((a, b) => b.length - a.length);
    sorted.forEach((phrase, rank) => {
      spellings(phrase).forEach((symbols, spelling) => {
        let node = root;
        for (const symbol of symbols) {
          let child = node.next.get(symbol);
          if (!child) {
            child = newNode();
            node.next.set(symbol, child);
          }
          node = child;
        }
        node.ends.push({ list, rank, spelling });
      });
    });
  });

  function listIndexes(wanted: readonly L[] | undefined): ReadonlySet<number> {
    return new Set(names.flatMap((name, index) => (wanted === undefined || wanted.includes(name) ? [index] : [])));
  }

  /** Calls `found` with the best match of each list still open, leftmost place first; stops when told. */
  function scan(text: string, open: Set<number>, found: (list: number, phrase: string) => boolean): void {
    const clean = normalise(text);
    const { symbols, starts, ends, isWord } = toSymbols(clean);
    for (let start = 0; start < symbols.length && open.size > 0; start++) {
      if (symbols[start] === SEPARATOR || (start > 0 && isWord[start - 1] === 1)) continue;
      // Made at the first phrase ending here (issue 15: most places start none).
      let best: Map<number, { end: TrieEnd; last: number }> | undefined;
      let node: TrieNode | undefined = root;
      for (let at = start; at < symbols.length; at++) {
        node = node.next.get(symbols[at] ?? '');
        if (!node) break;
        if (node.ends.length === 0 || isWord[at + 1] === 1) continue;
        for (const end of node.ends) {
          if (open.has(end.list) && better(end, best?.get(end.list)?.end))
            (best ??= new Map()).set(end.list, { end, last: at });
        }
      }
      if (best === undefined) continue;
      for (const [list, { last }] of [...best].sort(([a], [b]) => a - b)) {
        open.delete(list);
        const phrase = clean.slice(starts[start], ends[last]).toLowerCase();
        if (!found(list, phrase)) return;
      }
    }
  }

  return {
    firstMatches(text, wanted) {
      const matches: { index: number; match: PhraseMatch<L> }[] = [];
      scan(text, new Set(listIndexes(wanted)), (index, phrase) => {
        const list = names[index];
        if (list !== undefined) matches.push({ index, match: { list, phrase } });
        return true;
      });
      return matches.sort((a, b) => a.index - b.index).map((m) => m.match);
    },
    matchesAny(text, wanted) {
      let any = false;
      scan(text, new Set(listIndexes(wanted)), () => {
        any = true;
        return false;
      });
      return any;
    },
  };
}
