/** Letter classes shared by the name and description checks. "y" counts as a vowel: Lynn, Glynn. */
export const VOWELS = 'aeiouyáéíóúüàèìòùâêîôûäëïöÿ';

export function isVowel(ch: string): boolean {
  return VOWELS.includes(ch);
}

/** Lower-cased words made of letters (apostrophes and hyphens split words). */
export function letterWords(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** §5 word test: no vowel, a letter three times in a row, or five non-vowels in a row. */
export function failsWordShape(word: string): boolean {
  if (![...word].some(isVowel)) return true;
  if (/(\p{L})\1\1/u.test(word)) return true;
  let run = 0;
  for (const ch of word) {
    run = isVowel(ch) ? 0 : run + 1;
    if (run >= 5) return true;
  }
  return false;
}
