import { describe, expect, it } from 'vitest';
import { contactCheckReason, type ContactChecks } from '../src/rules/contact-checks';

const passed: ContactChecks = { phone: 'passed', phoneReason: '', email: 'passed', emailReason: '' };

// §5: phone "valid when the service says valid, fraud_score is 85 or lower, and line type is not Toll Free";
// email "blocked if invalid or disposable ... on the second block ... let through"; "service failure counts
// as valid and active".
describe('the server checks’ verdict on a lead', () => {
  it.each([
    [passed, null],
    [{ ...passed, phone: 'failed', phoneReason: 'toll_free' }, 'phone_check|failed'],
    [{ ...passed, email: 'blocked', emailReason: 'disposable' }, 'email_check|blocked'],
    [{ ...passed, phone: 'failed', email: 'blocked' }, 'phone_check|failed'],
    [{ ...passed, email: 'let_through', emailReason: 'disposable' }, null],
    [{ ...passed, phone: 'unavailable', email: 'unavailable' }, null],
    [{ ...passed, phone: 'not_checked' }, null],
  ] as const)('%j → %j', (checks, verdict) => {
    expect(contactCheckReason(checks)).toBe(verdict);
  });
});
