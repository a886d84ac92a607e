/**
 * Posts the lead, retrying network failures and 5xx answers: the lead id is fixed, so a retry can
 * never create a second lead (the server answers 200 for a repeat). Resolves once it has settled,
 * success or not, because the visitor goes to the thank-you page either way (spec §4, §8). A lead the
 * server could not take now (429 with Retry-After, or no answer after the retries) is kept and posted
 * again later (lead-outbox.ts), so nothing is lost.
 */
import { keepForLater, NO_ANSWER_RETRY_MS, retryAfterMs } from '../lead-outbox';

/** A settled post: the answer's JSON when it succeeded (the server's verdict, issue 10). */
export type PostOutcome = { ok: true; status: number; body: unknown } | { ok: false; status: number | null };

const ATTEMPTS = 3;
const TIMEOUT_MS = 10_000;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `url` is POST /post-lead, or the lead-ingest endpoint for the flows that post there (§4). */
export async function postLead(url: string, body: object, fetchImpl: typeof fetch = fetch): Promise<PostOutcome> {
  let status: number | null = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        keepalive: true,
      });
      status = response.status;
      if (response.ok) return { ok: true, status, body: await response.json().catch(() => null) };
      if (status === 429) {
        keepForLater(url, body, Date.now() + retryAfterMs(response.headers.get('retry-after'), Date.now()));
        return { ok: false, status };
      }
      if (response.status < 500) return { ok: false, status };
    } catch {
      status = null;
    }
    if (attempt < ATTEMPTS) await pause(400 * attempt);
  }
  keepForLater(url, body, Date.now() + NO_ANSWER_RETRY_MS);
  return { ok: false, status };
}
