/**
 * Posts the lead through the one API client, which retries network failures, time-outs and 5xx answers:
 * the lead id is fixed, so a retry can never create a second lead (the server answers 200 for a repeat).
 * Resolves once it has settled, success or not, because the visitor goes to the thank-you page either way
 * (spec §4, §8). A lead the server could not take now (429 with Retry-After, or no answer after the
 * retries, or a 503 with Retry-After) is kept and posted again later (lead-outbox.ts), so nothing is lost.
 */
import { PostLeadAnswerSchema, type LeadSubmissionSchema, type PostLeadAnswer } from '@app/funnel';
import type { z } from 'zod';
import { apiCall } from '../../api/api-client';
import { keepForLater, waitBeforeRetry } from '../lead-outbox';

/**
 * A settled post: the server's answer (its verdict, issue 10) when it took the lead, null when it took it
 * but its answer could not be read (the browser's own reading is used then, §8).
 */
export type PostOutcome =
  { ok: true; status: number; answer: PostLeadAnswer | null } | { ok: false; status: number | null };

/** Every key one the server's schema parses; which are required depends on the flow's last steps. */
export type LeadBody = Partial<z.input<typeof LeadSubmissionSchema>>;

const ATTEMPTS = 3;
const TIMEOUT_MS = 10_000;

export interface PostLeadOptions {
  fetchImpl?: typeof fetch;
  /** Where a lead kept for later goes (the outbox's localStorage by default). */
  storage?: Storage;
}

/** `path` is POST /post-lead, or the lead-ingest endpoint for the flows that post there (§4). */
export async function postLead(path: string, body: LeadBody, options: PostLeadOptions = {}): Promise<PostOutcome> {
  const { fetchImpl, storage } = options;
  const result = await apiCall({
    path,
    body,
    answer: PostLeadAnswerSchema,
    timeoutMs: TIMEOUT_MS,
    attempts: ATTEMPTS,
    keepalive: true,
    fetchImpl,
  });
  if (result.ok) return { ok: true, status: result.status, answer: result.data };
  const { status } = result;
  if (status !== null && status < 300) return { ok: true, status, answer: null };
  if (status === 429) {
    keepForLater(path, body, Date.now() + waitBeforeRetry(result.retryAfterMs), storage);
    return { ok: false, status };
  }
  if (status !== null && status < 500) return { ok: false, status };
  // Issue 31: a 503 says when to come back (a dependency was out); no answer waits a minute.
  keepForLater(path, body, Date.now() + waitBeforeRetry(result.retryAfterMs), storage);
  return { ok: false, status };
}
