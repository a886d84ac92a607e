/**
 * Leads the server could not take yet, kept so nothing is lost (issue 9): a post refused with 429 waits
 * for its Retry-After; one that got no answer after its retries waits a minute. They are kept in
 * localStorage and posted again by whichever page of the site is open then (the entry flushes once the
 * page is live, and the thank-you page is the next one open). The lead id never changes, so a retry is
 * never a second lead.
 */
import { z } from 'zod';
import { apiCall } from '../api/api-client';

const STORAGE_KEY = 'funnel:lead-outbox';
/** Without an answer at all, try again after this long. */
export const NO_ANSWER_RETRY_MS = 60_000;
/** Longer than any Retry-After the server gives (a day): a lead older than this is still tried once. */
const MAX_WAIT_MS = 25 * 60 * 60_000;

/** The post's answer is not read here: taken (2xx) or refused for good is all the outbox needs. */
const ANY_ANSWER = z.unknown();
const POST_TIMEOUT_MS = 10_000;

const OutboxSchema = z.array(
  z.object({ url: z.string(), body: z.record(z.string(), z.unknown()), notBefore: z.number() }),
);
type Outbox = z.infer<typeof OutboxSchema>;

/** How long to wait before posting again: the server's Retry-After (capped), else a minute. */
export function waitBeforeRetry(retryAfterMs: number | undefined): number {
  return Math.min(retryAfterMs ?? NO_ANSWER_RETRY_MS, MAX_WAIT_MS);
}

function read(storage: Storage): Outbox {
  try {
    const parsed = OutboxSchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(storage: Storage, outbox: Outbox): void {
  try {
    if (outbox.length === 0) storage.removeItem(STORAGE_KEY);
    else storage.setItem(STORAGE_KEY, JSON.stringify(outbox));
  } catch {
    // Storage full or disabled: the lead cannot be kept past this page.
  }
}

function idOf(body: Record<string, unknown>): unknown {
  return body.lead_id;
}

/** Keeps a lead to post again once `notBefore` (ms since the epoch) has passed; one entry per lead id. */
export function keepForLater(url: string, body: object, notBefore: number, storage: Storage = localStorage): void {
  const entry = { url, body: { ...body }, notBefore };
  write(storage, [...read(storage).filter((kept) => idOf(kept.body) !== idOf(entry.body)), entry]);
}

/**
 * Posts every kept lead whose time has come, then waits on this page for the next one. A lead the server
 * took (2xx) or refused for good (4xx other than 429) leaves the outbox; the others are kept again.
 */
export async function flushOutbox(storage: Storage = localStorage): Promise<void> {
  const now = Date.now();
  const due = read(storage).filter((entry) => entry.notBefore <= now);
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
    const rest = read(storage).filter((kept) => idOf(kept.body) !== idOf(entry.body));
    write(storage, notBefore === null ? rest : [...rest, { ...entry, notBefore }]);
  }
  const next = Math.min(...read(storage).map((entry) => entry.notBefore));
  if (Number.isFinite(next)) setTimeout(() => void flushOutbox(storage), Math.max(0, next - Date.now()));
}
