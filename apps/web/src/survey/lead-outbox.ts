/**
 * Leads the server could not take yet, kept so nothing is lost (issue 9): a post refused with 429 waits
 * for its Retry-After; one that got no answer after its retries waits a minute. They are kept in
 * localStorage and posted again by whichever page of the site is open then (flush-outbox.ts: the entry
 * flushes once the page is live, and the thank-you page is the next one open). The lead id never
 * changes, so a retry is never a second lead.
 */
import { z } from 'zod';
import { LEAD_OUTBOX_KEY } from './lead-outbox-key';

/** Without an answer at all, try again after this long. */
export const NO_ANSWER_RETRY_MS = 60_000;
/** Longer than any Retry-After the server gives (a day): a lead older than this is still tried once. */
const MAX_WAIT_MS = 25 * 60 * 60_000;

const OutboxSchema = z.array(
  z.object({ url: z.string(), body: z.record(z.string(), z.unknown()), notBefore: z.number() }),
);
export type Outbox = z.infer<typeof OutboxSchema>;

/** How long to wait before posting again: the server's Retry-After (capped), else a minute. */
export function waitBeforeRetry(retryAfterMs: number | undefined): number {
  return Math.min(retryAfterMs ?? NO_ANSWER_RETRY_MS, MAX_WAIT_MS);
}

export function readOutbox(storage: Storage): Outbox {
  try {
    const parsed = OutboxSchema.safeParse(JSON.parse(storage.getItem(LEAD_OUTBOX_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeOutbox(storage: Storage, outbox: Outbox): void {
  try {
    if (outbox.length === 0) storage.removeItem(LEAD_OUTBOX_KEY);
    else storage.setItem(LEAD_OUTBOX_KEY, JSON.stringify(outbox));
  } catch {
    // Storage full or disabled: the lead cannot be kept past this page.
  }
}

export function leadIdOf(body: Record<string, unknown>): unknown {
  return body.lead_id;
}

/** Keeps a lead to post again once `notBefore` (ms since the epoch) has passed; one entry per lead id. */
export function keepForLater(url: string, body: object, notBefore: number, storage: Storage = localStorage): void {
  const entry = { url, body: { ...body }, notBefore };
  writeOutbox(storage, [...readOutbox(storage).filter((kept) => leadIdOf(kept.body) !== leadIdOf(entry.body)), entry]);
}
