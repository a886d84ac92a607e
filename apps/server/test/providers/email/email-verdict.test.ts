import { describe, expect, it } from 'vitest';
import { EMAIL_SERVICE_FAILURE, type EmailCheck } from '../../../src/providers/email/email-provider';
import { emailLetThroughAlert, emailVerdict } from '../../../src/providers/email/email-verdict';

const good: EmailCheck = { success: true, valid: true, disposable: false, fraud_score: 0, dns_valid: true };

describe('emailVerdict (§5 "blocked if invalid or disposable"; a repeat is let through with an alert)', () => {
  it.each<[string, EmailCheck, number, { blocked: boolean; reason: 'invalid' | 'disposable' | null; alert: boolean }]>([
    ['a valid address passes', good, 0, { blocked: false, reason: null, alert: false }],
    ['a valid address passes whatever came before', good, 3, { blocked: false, reason: null, alert: false }],
    ['an invalid address is blocked', { ...good, valid: false }, 0, { blocked: true, reason: 'invalid', alert: false }],
    [
      'a disposable address is blocked',
      { ...good, disposable: true },
      0,
      { blocked: true, reason: 'disposable', alert: false },
    ],
    [
      'invalid and disposable: disposable is the reason',
      { ...good, valid: false, disposable: true },
      0,
      { blocked: true, reason: 'disposable', alert: false },
    ],
    [
      'the second block of the same address is let through with an alert',
      { ...good, valid: false },
      1,
      { blocked: false, reason: 'invalid', alert: true },
    ],
    ['so is any later one', { ...good, disposable: true }, 4, { blocked: false, reason: 'disposable', alert: true }],
    ['a failed check blocks nothing', EMAIL_SERVICE_FAILURE, 0, { blocked: false, reason: null, alert: false }],
    [
      'a failed DNS check still blocks a disposable domain (known without the service)',
      { ...EMAIL_SERVICE_FAILURE, disposable: true },
      0,
      { blocked: true, reason: 'disposable', alert: false },
    ],
    [
      'valid but no DNS (vendor says so) is not blocked: §5 looks at valid',
      { ...good, dns_valid: false },
      0,
      { blocked: false, reason: null, alert: false },
    ],
    [
      'a high fraud score alone does not block',
      { ...good, fraud_score: 100 },
      0,
      { blocked: false, reason: null, alert: false },
    ],
  ])('%s', (_name, check, previousBlocks, expected) => {
    expect(emailVerdict(check, previousBlocks)).toEqual(expected);
  });

  it('words the alert without the address', () => {
    expect(emailLetThroughAlert('disposable')).toBe(
      'Email check: an address blocked as disposable was submitted again and let through (spec §5).',
    );
  });
});
