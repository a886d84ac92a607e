import { describe, expect, it } from 'vitest';
import { retryAfterMsOf } from '../src/api/api-client';
import { keepForLater, NO_ANSWER_RETRY_MS, waitBeforeRetry, writeOutbox } from '../src/survey/lead-outbox';
import { hasKeptLeads } from '../src/survey/lead-outbox-key';
import { MemoryStorage } from './local-http';

// RFC 9110 §10.2.3: Retry-After is delay-seconds or an HTTP-date (read by the one API client).
describe('retryAfterMsOf', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    ['1', 1000],
    [' 120 ', 120_000],
    ['86400', 86_400_000],
    ['Sun, 22 Nov 2026 12:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('%j → %s ms', (header, ms) => {
    expect(retryAfterMsOf(header, now)).toBe(ms);
  });
});

// The lead outbox waits the server's Retry-After, at most a day and an hour, else a minute.
describe('waitBeforeRetry', () => {
  it.each([
    [1000, 1000],
    [86_400_000, 86_400_000],
    [999_999_999_000, 25 * 60 * 60_000],
    [0, 0],
    [undefined, NO_ANSWER_RETRY_MS],
  ])('%s → %i ms', (retryAfterMs, ms) => {
    expect(waitBeforeRetry(retryAfterMs)).toBe(ms);
  });
});

// Issue 10: a page loads the outbox's flush only when a lead is kept (a new visitor's page never fetches it).
describe('hasKeptLeads', () => {
  it('is false for an empty browser, true once a lead is kept, false again once the outbox is empty', () => {
    const storage = new MemoryStorage();
    expect(hasKeptLeads(() => storage)).toBe(false);
    keepForLater('/api/leads', { lead_id: 'a' }, 0, storage);
    expect(hasKeptLeads(() => storage)).toBe(true);
    writeOutbox(storage, []);
    expect(hasKeptLeads(() => storage)).toBe(false);
  });

  it('is false where storage cannot be reached (reading it throws)', () => {
    expect(
      hasKeptLeads(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBe(false);
  });
});
