import { describe, expect, it } from 'vitest';
import { createOfflinePhoneProvider, lineTypeName } from '../../../src/providers/phone/offline-phone-provider';
import { phoneVerdict } from '../../../src/providers/phone/phone-verdict';

const provider = createOfflinePhoneProvider();

describe('offline phone provider (libphonenumber-js/max)', () => {
  it.each([
    // [input, valid, line_type]
    ['2015550123', true, 'N/A'],
    ['(212) 555-1234', true, 'N/A'],
    ['+1 415 555 2671', true, 'N/A'],
    ['12125551234', true, 'N/A'],
    ['8005551234', true, 'Toll Free'],
    ['(888) 275-2273', true, 'Toll Free'],
    ['9005551234', true, 'Premium Rate'],
    ['5005550006', true, 'Personal Number'],
    // Not US numbers: Canada (+1 416) and the UK.
    ['4165550123', false, 'N/A'],
    ['+44 20 7946 0958', false, 'N/A'],
    // Other +1 countries (the Bahamas, Jamaica) and an area code no one has: only the full metadata knows.
    ['2425550123', false, 'N/A'],
    ['8765550123', false, 'N/A'],
    ['3705550123', false, 'N/A'],
    // Impossible: area code starting 1, too short, letters.
    ['1125551234', false, 'N/A'],
    ['212555123', false, 'N/A'],
    ['not a phone', false, 'N/A'],
    ['', false, 'N/A'],
  ])('%j → valid %s, line type %s', async (input, valid, lineType) => {
    expect(await provider.check(input)).toEqual({
      success: true,
      valid,
      fraud_score: 0,
      line_type: lineType,
      active: valid,
      message: '',
    });
  });

  it('gives the §5 verdict its meaning: a US number passes, a toll-free or impossible one does not', async () => {
    const verdict = async (phone: string) => phoneVerdict(await provider.check(phone), { olderVersion: false }).error;
    expect(await verdict('2125551234')).toBe(false);
    expect(await verdict('8005551234')).toBe(true);
    expect(await verdict('1125551234')).toBe(true);
  });

  it.each([
    ['MOBILE', 'Wireless'],
    ['FIXED_LINE', 'Landline'],
    ['VOIP', 'VOIP'],
    ['TOLL_FREE', 'Toll Free'],
    [undefined, 'N/A'],
  ] as const)('maps libphonenumber %s to IPQualityScore %s', (type, name) => {
    expect(lineTypeName(type)).toBe(name);
  });
});
