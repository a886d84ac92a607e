import { describe, expect, it } from 'vitest';
import { maskUsPhone, maskZip } from '../src/survey/forms/masks';

describe('input masks (§5)', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['512', '(512'],
    ['5125', '(512) 5'],
    ['512555', '(512) 555'],
    ['5125550100', '(512) 555-0100'],
    ['15125550100', '(512) 555-0100'],
    ['(512) 555-0100 ext 9', '(512) 555-0100'],
    ['abc', ''],
  ])('phone %j → %j', (input, masked) => {
    expect(maskUsPhone(input)).toBe(masked);
  });

  it.each([
    ['78701', '78701'],
    ['78701-1234', '78701'],
    ['7a8b7', '787'],
  ])('zip %j → %j', (input, masked) => {
    expect(maskZip(input)).toBe(masked);
  });
});
