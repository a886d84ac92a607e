/** lead/overlay.ts builds what a spread builds: the same own properties, in the same order, same values. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlay } from '../src/lead/overlay';

// Overlapping keys, and keys V8 orders apart (integer-like keys come first in any object).
const key = fc.constantFrom('a', 'b', 'at_Fault', 'state', '1_to_1_consent', '2', '10', 'z');
const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(undefined), fc.constant(null));
const layer = fc.dictionary(key, value);

describe('overlay', () => {
  it('equals the spread of its layers, key order included', () => {
    fc.assert(
      fc.property(layer, layer, layer, layer, layer, (a, b, c, d, e) => {
        expect(Object.entries(overlay(a, b))).toEqual(Object.entries({ ...a, ...b }));
        expect(Object.entries(overlay(a, b, c))).toEqual(Object.entries({ ...a, ...b, ...c }));
        expect(Object.entries(overlay(a, b, c, d, e))).toEqual(Object.entries({ ...a, ...b, ...c, ...d, ...e }));
      }),
      { numRuns: 500 },
    );
  });

  it('copies: the layers are left as they were', () => {
    const a = { x: 1 };
    const b = { y: 2 };
    const out = overlay(a, b);
    expect(out).not.toBe(a);
    expect(a).toEqual({ x: 1 });
    expect(b).toEqual({ y: 2 });
  });
});
