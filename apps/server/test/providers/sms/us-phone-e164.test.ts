import { describe, expect, it } from 'vitest';
import { isUsE164, toUsE164 } from '../../../src/providers/sms/us-phone-e164';

describe('toUsE164 (§7: +1 format stripped of spaces, brackets and dashes)', () => {
  it.each([
    ['2125551234', '+12125551234'],
    ['(212) 555-1234', '+12125551234'],
    ['212-555-1234', '+12125551234'],
    ['212 555 1234', '+12125551234'],
    ['212.555.1234', '+12125551234'],
    ['[212] 555–1234', '+12125551234'],
    ['  212 555 1234\t', '+12125551234'],
    ['12125551234', '+12125551234'],
    ['1 (212) 555-1234', '+12125551234'],
    ['+1 (212) 555-1234', '+12125551234'],
    ['+12125551234', '+12125551234'],
    ['+1-212-555-1234', '+12125551234'],
    // Not a North American number, or not a possible one.
    ['212555123', null],
    ['212555123456', null],
    ['+2125551234', null],
    ['+44 20 7946 0958', null],
    ['(112) 555-1234', null],
    ['(212) 155-1234', null],
    ['212-555-12a4', null],
    ['212/555/1234', null],
    ['', null],
  ])('%j → %s', (input, expected) => {
    expect(toUsE164(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = toUsE164('(212) 555-1234');
    expect(once && toUsE164(once)).toBe(once);
  });

  it.each([
    ['+12125551234', true],
    ['12125551234', false],
    ['+1 2125551234', false],
    ['+11125551234', false],
  ])('isUsE164(%s) → %s', (input, expected) => {
    expect(isUsE164(input)).toBe(expected);
  });
});
