/**
 * Text → the word tokens the gibberish model scores. Case and accents are folded away because the
 * Spanish word list is unaccented ("semaforo") and visitors type accents inconsistently; "ñ" folds to
 * "n" for the same reason. Digits and punctuation are not words: "I-95" gives "i", "2 cars" gives "cars".
 */

/** Lower case without diacritics: "Semáforo" → "semaforo", "ÑANDÚ" → "nandu". */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  // Most words are plain ASCII already; skipping normalize() there keeps training over ~900k words fast.
  if (/^[a-z]*$/.test(lower)) return lower;
  return lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Folded words. An apostrophe inside a word is dropped ("didn't" → "didnt", "I'm" → "im") and a
 * possessive "'s" is cut ("wife's" → "wife"), so both spellings of a contraction look the same.
 */
export function wordTokens(text: string): string[] {
  const raw = text.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? [];
  return raw.map((token) => {
    const folded = foldWord(token);
    const possessive = /^(.+)['’]s$/.exec(folded);
    return (possessive?.[1] ?? folded).replace(/['’]/g, '');
  });
}
