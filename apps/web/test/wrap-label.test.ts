/** The chart labels' wrapping (issue 29: a long DQ reason is shown whole). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wrapLabel } from '../src/console/analytics/wrap-label';

describe('wrapLabel', () => {
  it.each([
    { text: 'Short', width: 20, lines: ['Short'] },
    { text: '', width: 20, lines: [''] },
    {
      text: 'Accident more than 2 years ago (statute of limitations)',
      width: 20,
      lines: ['Accident more than 2', 'years ago (statute', 'of limitations)'],
    },
    { text: 'abcdefghij klm', width: 4, lines: ['abcd', 'efgh', 'ij', 'klm'] },
    { text: '  spaced   out  ', width: 20, lines: ['spaced out'] },
  ])('$text at $width', ({ text, width, lines }) => {
    expect(wrapLabel(text, width)).toEqual(lines);
  });

  it('keeps every word, in order, and no line is longer than the width (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z()]{1,12}$/), { maxLength: 12 }),
        fc.integer({ min: 3, max: 30 }),
        (words, width) => {
          const lines = wrapLabel(words.join(' '), width);
          expect(lines.every((l) => l.length <= width)).toBe(true);
          expect(lines.join('').replaceAll(' ', '')).toBe(words.join(''));
        },
      ),
    );
  });
});
