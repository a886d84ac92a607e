import { describe, expect, it } from 'vitest';
import { NO_ANSWER_RETRY_MS, retryAfterMs } from '../src/survey/lead-outbox';

// RFC 9110 §10.2.3: Retry-After is delay-seconds or an HTTP-date.
describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    ['1', 1000],
    [' 120 ', 120_000],
    ['86400', 86_400_000],
    ['999999999', 25 * 60 * 60_000],
    ['Sun, 22 Nov 2026 12:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 11:00:00 GMT', 0],
    ['soon', NO_ANSWER_RETRY_MS],
    [null, NO_ANSWER_RETRY_MS],
  ])('%j → %i ms', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });
});
