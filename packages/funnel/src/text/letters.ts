/**
 * Letter classes shared by the name and description checks (spec §5: "has no vowel", "5 consecutive
 * non-vowels"). §5's rule is about letters that are vowels: a letter is judged by its base letter, its
 * marks removed (Unicode NFD), so ạ ầ õ ũ ư ơ ý å ą ę are the vowels a, a, o, u, u, o, y, a, a, e. The few
 * Latin letters that have no decomposition are folded as they are read (ø → o, æ → ae, ı → i, ł → l…).
 * A word with letters of another script (Cyrillic, Greek, Han, Arabic…) is not judged by the vowel rules
 * at all: it has no Latin vowels to count (issue 27, docs/spec-decisions.md). "y" counts as a vowel: Lynn,
 * Glynn.
 */

/** The vowels of a folded Latin word. */
const LATIN_VOWELS = 'aeiouy';

/**
 * Latin letters NFD leaves whole, and how each is read (every other Latin letter decomposes to its base):
 * ø o, æ ae, œ oe, ı i, ł l, đ d, ð d, þ th, ß ss, ħ h, ŋ n, ŧ t, ŀ l, ĸ k, ƒ f. Two strings, not an
 * object: the survey's first chunk carries them (issue 10).
 */
const UNDECOMPOSED_LATIN = 'øæœıłđðþßħŋŧŀĸƒ';
const READ_AS = 'o ae oe i l d d th ss h n t l k f'.split(' ');

/** Marks, and modifier letters written as apostrophes (the ʻokina of Kaʻiulani, ʼ): read as neither. */
const MARKS = /[\p{M}\p{Lm}]/gu;
const UNDECOMPOSED = new RegExp(`[${UNDECOMPOSED_LATIN}]`, 'gu');
/** A folded word of the basic Latin letters only: the words the vowel rules can judge. */
const FOLDED_LATIN_WORD = /^[a-z]+$/;

/** A lower-cased word as §5 reads it: its letters' marks removed, the undecomposed Latin letters folded. */
export function foldLetters(word: string): string {
  return word
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(UNDECOMPOSED, (ch) => READ_AS[UNDECOMPOSED_LATIN.indexOf(ch)] ?? ch);
}

/** How many letters a word has, its marks not counted ("ễ" is one letter however it was typed). */
export function letterCount(word: string): number {
  return [...word.normalize('NFD').replace(MARKS, '')].length;
}

/**
 * Lower-cased words made of letters and their marks, in composed form (NFC: "Nguyễn" typed with combining
 * marks is one word, as typed with precomposed letters). Apostrophes, hyphens and spaces split words.
 */
export function letterWords(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}]+/gu) ?? []
  );
}

/** Is this word written in Latin letters only (after folding), so that §5's vowel rules can judge it? */
export function isLatinWord(word: string): boolean {
  return FOLDED_LATIN_WORD.test(foldLetters(word));
}

/**
 * §5 "a letter repeated 3 or more times": three of the same letter in a row ("Aaaron"), in any script, the
 * letters judged without their marks.
 */
function hasTripledLetter(word: string): boolean {
  return /(\p{L})\1\1/u.test(word.normalize('NFD').replace(MARKS, ''));
}

/**
 * §5 word test: no vowel, a letter three times in a row, or five non-vowels in a row. A word in another
 * script is judged by the repeated letter only: it has no Latin vowels to count.
 */
export function failsWordShape(word: string): boolean {
  if (hasTripledLetter(word)) return true;
  const folded = foldLetters(word);
  if (!FOLDED_LATIN_WORD.test(folded)) return false;
  let run = 0;
  let vowels = 0;
  for (const ch of folded) {
    if (LATIN_VOWELS.includes(ch)) {
      vowels += 1;
      run = 0;
    } else {
      run += 1;
      if (run >= 5) return true;
    }
  }
  return vowels === 0;
}
