/**
 * Characters no field may carry (issue 9): control characters (\p{Cc}: NUL, escape, tab…), format
 * characters (\p{Cf}: U+202E right-to-left override, zero-width spaces, soft hyphens, BOM…) and lone
 * surrogates (half of an emoji, which no UTF-8 database can store). PostgreSQL refuses a NUL in text
 * outright; the others hide or reorder what an operator reads.
 *
 * Two uses, one rule:
 * - a field the visitor types refuses them with INVISIBLE_CHARACTERS_MESSAGE (the step shows it, the
 *   server answers 400 naming the field): `refuseInvisible(schema)`;
 * - a field that arrives from the URL or the page (tracking ids, consent evidence) has them stripped,
 *   so a bad ad macro never costs a lead: `stripInvisible(value)`.
 *
 * Line breaks are allowed where a field is multi-line (the description). A zero-width joiner between
 * two pictographs is kept: it is how emoji such as 👨‍👩‍👧 are written, not a hidden character.
 */

export const INVISIBLE_CHARACTERS_MESSAGE = 'Please remove invisible or control characters';

/** One forbidden character (or lone surrogate), except an emoji-joining ZWJ. */
const FORBIDDEN =
  /(?![\u200D](?<=\p{Extended_Pictographic}\uFE0F?\u200D)(?=\p{Extended_Pictographic}))[\p{Cc}\p{Cf}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

const FORBIDDEN_OUTSIDE_LINE_BREAKS =
  /(?![\n\r])(?![\u200D](?<=\p{Extended_Pictographic}\uFE0F?\u200D)(?=\p{Extended_Pictographic}))[\p{Cc}\p{Cf}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

export interface HygieneOptions {
  /** \n and \r are allowed (multi-line fields). */
  lineBreaks?: boolean;
}

function pattern(options: HygieneOptions): RegExp {
  return options.lineBreaks ? FORBIDDEN_OUTSIDE_LINE_BREAKS : FORBIDDEN;
}

export function hasInvisibleCharacters(value: string, options: HygieneOptions = {}): boolean {
  const regex = pattern(options);
  regex.lastIndex = 0;
  return regex.test(value);
}

export function stripInvisible(value: string, options: HygieneOptions = {}): string {
  return value.replace(pattern(options), '');
}
