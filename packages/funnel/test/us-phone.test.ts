/** The US phone rule (lead/us-phone.ts) and its two written forms (lead/format-us-phone.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsPhone, formatUsPhoneE164 } from '../src/lead/format-us-phone';
import {
  isFormattedUsPhone,
  isUsE164,
  isUsPhone,
  maskUsPhone,
  readUsPhone,
  toUsE164,
  usPhoneDigits,
} from '../src/lead/us-phone';

/** Ten national digits the North American Numbering Plan allows. */
const usNumber = fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/);
/** Ten digits whose area code or exchange starts with 0 or 1. */
const impossibleNumber = fc.stringMatching(/^([01]\d{9}|\d{3}[01]\d{6})$/);
/** The ways a visitor, a script or a vendor writes ten national digits. */
const written = (national: string) =>
  fc
    .constantFrom(
      (n: string) => n,
      formatUsPhone,
      formatUsPhoneE164,
      (n: string) => `1${n}`,
      (n: string) => `+1 ${formatUsPhone(n)}`,
      (n: string) => `1-${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
      (n: string) => ` ${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}\t`,
    )
    .map((write) => write(national));

describe('readUsPhone: the ten national digits of a written US number, or null', () => {
  it.each<[string, string | null]>([
    ['5125550100', '5125550100'],
    ['(512) 555-0100', '5125550100'],
    ['512-555-0100', '5125550100'],
    ['512.555.0100', '5125550100'],
    ['[512] 555–0100', '5125550100'],
    ['  512 555 0100\t', '5125550100'],
    ['15125550100', '5125550100'],
    ['1 (512) 555-0100', '5125550100'],
    ['+1 (512) 555-0100', '5125550100'],
    ['+15125550100', '5125550100'],
    ['+1-512-555-0100', '5125550100'],
    // Every other character is ignored, as the survey's PhoneSchema always did.
    ['512/555/0100', '5125550100'],
    ['+5125550100', '5125550100'],
    ['8005550199', '8005550199'],
    // Not ten digits, or eleven without the country code.
    ['512555010', null],
    ['512555010000', null],
    ['25125550100', null],
    ['+44 20 7946 0958', null],
    ['', null],
    ['abc', null],
    // Area code or exchange starting with 0 or 1 (North American Numbering Plan).
    ['0125550100', null],
    ['1125550100', null],
    ['(512) 055-0100', null],
    ['(512) 155-0100', null],
    ['1 (112) 555-0100', null],
  ])('%j → %j', (raw, national) => {
    expect(readUsPhone(raw)).toBe(national);
    expect(isUsPhone(usPhoneDigits(raw))).toBe(national !== null);
  });

  it('reads every way of writing a US number as its ten digits', () => {
    fc.assert(
      fc.property(
        usNumber.chain((n) => fc.tuple(fc.constant(n), written(n))),
        ([national, raw]) => {
          expect(readUsPhone(raw)).toBe(national);
        },
      ),
    );
  });

  it('refuses ten digits whose area code or exchange starts with 0 or 1, however written', () => {
    fc.assert(
      fc.property(
        impossibleNumber.chain((n) => fc.tuple(fc.constant(n), written(n))),
        ([national, raw]) => {
          expect(isUsPhone(national)).toBe(false);
          expect(readUsPhone(raw)).toBeNull();
          expect(toUsE164(raw)).toBeNull();
        },
      ),
    );
  });

  it('drops a leading country code 1 only from eleven digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,14}$/), (digits) => {
        const dropped = digits.length === 11 && digits.startsWith('1');
        expect(usPhoneDigits(digits)).toBe(dropped ? digits.slice(1) : digits);
      }),
    );
  });
});

describe('E.164 (§7 "+1 format", §9 country code +1)', () => {
  it.each<[string, string | null]>([
    ['2125551234', '+12125551234'],
    ['(212) 555-1234', '+12125551234'],
    ['1 (212) 555-1234', '+12125551234'],
    ['+1 (212) 555-1234', '+12125551234'],
    ['+12125551234', '+12125551234'],
    ['212555123', null],
    ['(112) 555-1234', null],
    ['(212) 155-1234', null],
  ])('toUsE164(%j) → %j', (raw, e164) => {
    expect(toUsE164(raw)).toBe(e164);
  });

  it.each([
    ['+12125551234', true],
    ['12125551234', false],
    ['2125551234', false],
    ['+1 2125551234', false],
    ['+11125551234', false],
    ['+1212555123', false],
  ])('isUsE164(%j) → %s', (phone, e164) => {
    expect(isUsE164(phone)).toBe(e164);
  });

  it('every accepted number is +1 and its ten digits, and stays so', () => {
    fc.assert(
      fc.property(
        usNumber.chain((n) => written(n)),
        (raw) => {
          const e164 = toUsE164(raw);
          expect(e164).toMatch(/^\+1\d{10}$/);
          expect(e164).toBe(formatUsPhoneE164(readUsPhone(raw) ?? ''));
          expect(e164 !== null && isUsE164(e164)).toBe(true);
          expect(e164 && toUsE164(e164)).toBe(e164);
        },
      ),
    );
  });
});

describe('the display form "(512) 555-0100"', () => {
  it('writes ten digits', () => {
    expect(formatUsPhone('5125550100')).toBe('(512) 555-0100');
    expect(formatUsPhoneE164('5125550100')).toBe('+15125550100');
  });

  it('round-trips: the digits of a formatted number are the number', () => {
    fc.assert(
      fc.property(usNumber, (national) => {
        const shown = formatUsPhone(national);
        expect(shown).toHaveLength(14);
        expect(usPhoneDigits(shown)).toBe(national);
        expect(readUsPhone(shown)).toBe(national);
        expect(isFormattedUsPhone(shown)).toBe(true);
      }),
    );
  });

  it.each([
    ['(512) 555-0100', true],
    ['(151) 255-5010', true],
    ['(012) 555-0100', true],
    ['5125550100', false],
    ['(512)-555-0100', false],
    ['(512) 555-01000', false],
    ['+1 512 555 0100', false],
    ['(512) 555-01AB', false],
    ['', false],
  ])('isFormattedUsPhone(%j) → %s (the shape only)', (value, formatted) => {
    expect(isFormattedUsPhone(value)).toBe(formatted);
  });
});

describe('the as-you-type mask (§5 "(###) ###-####")', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['5', '(5'],
    ['512', '(512'],
    ['(512', '(512'],
    ['(512)', '(512'],
    ['5125', '(512) 5'],
    ['512555', '(512) 555'],
    ['5125550', '(512) 555-0'],
    ['5125550100', '(512) 555-0100'],
    ['512-555-0100', '(512) 555-0100'],
    ['(512) 555-0100', '(512) 555-0100'],
    ['(512) 555-01009', '(512) 555-0100'],
    ['(512) 555-0100 ext 9', '(512) 555-0100'],
    ['15125550100', '(512) 555-0100'],
    ['+1 (512) 555-0100', '(512) 555-0100'],
    ['1512555010', '(151) 255-5010'],
    ['151255501009', '(151) 255-5010'],
  ])('%j → %j', (raw, masked) => {
    expect(maskUsPhone(raw)).toBe(masked);
  });

  it('typed a digit at a time, ends as the display form, with or without the country code', () => {
    fc.assert(
      fc.property(usNumber, fc.boolean(), (national, withCountryCode) => {
        const typed = [...(withCountryCode ? `1${national}` : national)];
        const shown = typed.reduce((value, digit) => maskUsPhone(value + digit), '');
        expect(shown).toBe(formatUsPhone(national));
      }),
    );
  });

  it('is idempotent and keeps at most ten digits, in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30, unit: fc.constantFrom(...'0123456789()- +.x') }), (raw) => {
        const masked = maskUsPhone(raw);
        expect(maskUsPhone(masked)).toBe(masked);
        expect(usPhoneDigits(raw).startsWith(usPhoneDigits(masked))).toBe(true);
        expect(usPhoneDigits(masked).length).toBeLessThanOrEqual(10);
      }),
    );
  });
});
