import { LeadSubmissionSchema } from '@app/funnel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newLeadId } from '../src/app/new-lead-id';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const leadIdSchema = LeadSubmissionSchema.shape.lead_id;

/** A source of random bytes without randomUUID, as a page over plain HTTP has. */
function bytesOnly(fill: (bytes: Uint8Array) => void): Pick<Crypto, 'getRandomValues'> {
  return {
    getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) fill(array);
      return array;
    },
  };
}

describe('newLeadId', () => {
  it('takes randomUUID where the browser offers it', () => {
    expect(
      newLeadId({
        randomUUID: () => '00000000-0000-4000-8000-000000000000',
        getRandomValues: crypto.getRandomValues.bind(crypto),
      }),
    ).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('makes a version 4 UUID the lead schema takes from any 16 random bytes, keeping their other bits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (random) => {
        const id = newLeadId(bytesOnly((bytes) => bytes.set(random)));
        expect(id).toMatch(V4);
        expect(leadIdSchema.safeParse(id).success).toBe(true);
        const hex = id.replaceAll('-', '');
        // Every byte but the version's and the variant's is the random one, in order.
        for (const index of [0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15])
          expect(hex.slice(index * 2, index * 2 + 2)).toBe((random[index] ?? 0).toString(16).padStart(2, '0'));
      }),
    );
  });

  it('gives a new id each time from the real random source without randomUUID', () => {
    const source = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const ids = new Set(Array.from({ length: 1000 }, () => newLeadId(source)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(V4);
  });
});
