/**
 * The outbox's flush (issue 9), its own chunk: any page loads it once live, and the survey's submit
 * keeps leads in the outbox without it (lead-outbox.ts). Issue 10: a module loaded only by import(), so
 * its chunk needs no module object built at run time, nor the bundler's runtime helpers in a request of
 * their own before the first answer.
 */
import { z } from 'zod';
import { apiCall } from '../api/api-client';
import { leadIdOf, readOutbox, waitBeforeRetry, writeOutbox } from './lead-outbox';

/** The post's answer is not read here: taken (2xx) or refused for good is all the outbox needs. */
const ANY_ANSWER = z.unknown();
const POST_TIMEOUT_MS = 10_000;

/**
 * Posts every kept lead whose time has come, then waits on this page for the next one. A lead the server
 * took (2xx) or refused for good (4xx other than 429) leaves the outbox; the others are kept again.
 */
export async function flushOutbox(storage: Storage = localStorage): Promise<void> {
  const now = Date.now();
  const due = readOutbox(storage).filter((entry) => entry.notBefore <= now);
  for (const entry of due) {
    // Through the one API client, one attempt: the outbox itself is the retry, by the server's Retry-After.
    const result = await apiCall({
      path: entry.url,
      body: entry.body,
      answer: ANY_ANSWER,
      timeoutMs: POST_TIMEOUT_MS,
      attempts: 1,
      keepalive: true,
    });
    const notBefore =
      !result.ok && (result.status === null || result.status === 429 || result.status >= 500)
        ? Date.now() + waitBeforeRetry(result.retryAfterMs)
        : null;
    const rest = readOutbox(storage).filter((kept) => leadIdOf(kept.body) !== leadIdOf(entry.body));
    writeOutbox(storage, notBefore === null ? rest : [...rest, { ...entry, notBefore }]);
  }
  const next = Math.min(...readOutbox(storage).map((entry) => entry.notBefore));
  if (Number.isFinite(next)) setTimeout(() => void flushOutbox(storage), Math.max(0, next - Date.now()));
}
