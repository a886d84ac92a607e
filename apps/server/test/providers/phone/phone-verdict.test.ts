import { describe, expect, it } from 'vitest';
import type { PhoneCheck } from '../../../src/providers/phone/phone-provider';
import { INVALID_PHONE_MESSAGE, PHONE_FRAUD_SCORE_CAP, phoneVerdict } from '../../../src/providers/phone/phone-verdict';

const good: PhoneCheck = {
  success: true,
  valid: true,
  fraud_score: 0,
  line_type: 'Wireless',
  active: true,
  message: 'Phone is valid.',
};
const current = { olderVersion: false };
const older = { olderVersion: true };

describe('phoneVerdict (§5, §8)', () => {
  it.each<
    [string, Partial<PhoneCheck>, { olderVersion: boolean }, { valid: boolean; active: boolean; error: boolean }]
  >([
    ['a valid, active, low-risk wireless number passes', {}, current, { valid: true, active: true, error: false }],
    ['fraud score 85 (the cap) passes', { fraud_score: 85 }, current, { valid: true, active: true, error: false }],
    ['fraud score 86 is not valid', { fraud_score: 86 }, current, { valid: false, active: true, error: true }],
    ['fraud score 100 is not valid', { fraud_score: 100 }, current, { valid: false, active: true, error: true }],
    ['a Toll Free line is not valid', { line_type: 'Toll Free' }, current, { valid: false, active: true, error: true }],
    ['a Landline passes', { line_type: 'Landline' }, current, { valid: true, active: true, error: false }],
    [
      'a VOIP line passes (§5 refuses only Toll Free)',
      { line_type: 'VOIP' },
      current,
      { valid: true, active: true, error: false },
    ],
    ['an unknown line type passes', { line_type: 'N/A' }, current, { valid: true, active: true, error: false }],
    [
      'the service saying not valid is an error',
      { valid: false },
      current,
      { valid: false, active: true, error: true },
    ],
    [
      'a valid but inactive number is an error',
      { active: false },
      current,
      { valid: true, active: false, error: true },
    ],
    [
      'the §8 message gives valid and active false, with success false',
      { success: false, valid: false, active: false, message: INVALID_PHONE_MESSAGE },
      current,
      { valid: false, active: false, error: true },
    ],
    [
      'the §8 message wins even when the other fields say valid',
      { message: INVALID_PHONE_MESSAGE },
      current,
      { valid: false, active: false, error: true },
    ],
    [
      'the §8 message with stray whitespace still counts',
      { success: false, message: ` ${INVALID_PHONE_MESSAGE} ` },
      current,
      { valid: false, active: false, error: true },
    ],
    [
      'a service failure counts as valid and active',
      { success: false, valid: false, active: false, fraud_score: 0, message: 'IPQualityScore unavailable: timeout' },
      current,
      { valid: true, active: true, error: false },
    ],
    [
      'a vendor-side failure (bad key) counts as valid and active',
      { success: false, valid: false, active: false, message: 'Invalid or unauthorized key.' },
      current,
      { valid: true, active: true, error: false },
    ],
    [
      'older versions do not check the active flag',
      { active: false },
      older,
      { valid: true, active: true, error: false },
    ],
    [
      'older versions still refuse an invalid number',
      { valid: false },
      older,
      { valid: false, active: true, error: true },
    ],
    [
      'current versions refuse an inactive number',
      { active: false },
      current,
      { valid: true, active: false, error: true },
    ],
    [
      'older versions: a failure still counts as valid and active',
      { success: false },
      older,
      { valid: true, active: true, error: false },
    ],
    [
      'older versions: the §8 message is still invalid',
      { success: false, message: INVALID_PHONE_MESSAGE },
      older,
      { valid: false, active: false, error: true },
    ],
  ])('%s', (_name, fields, context, expected) => {
    expect(phoneVerdict({ ...good, ...fields }, context)).toEqual(expected);
  });

  it('uses the §9 cap of 85', () => {
    expect(PHONE_FRAUD_SCORE_CAP).toBe(85);
  });
});
