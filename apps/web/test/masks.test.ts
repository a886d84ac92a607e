import { describe, expect, it } from 'vitest';
import { maskZip } from '../src/survey/forms/masks';

describe('input masks (§5; the phone mask: packages/funnel/test/us-phone.test.ts)', () => {
  it.each([
    ['78701', '78701'],
    ['78701-1234', '78701'],
    ['7a8b7', '787'],
  ])('zip %j → %j', (input, masked) => {
    expect(maskZip(input)).toBe(masked);
  });
});
