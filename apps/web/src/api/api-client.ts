/**
 * The web app's one small API client (developers' guide "typed bodies both ways, one client"): a call's
 * body is typed as the input of the schema the server parses it with, its answer is read with a schema,
 * and every failure comes back as one stable code (packages/funnel api/api-error.ts), never thrown. It
 * owns the time limit and the retries: network failures, time-outs and 5xx answers are tried again after
 * a short pause; 4xx answers are not (a retry would get the same answer). Loaded only by the lazy chunks
 * that call the server (remote checks, zip lookup, pre-submit check, the lead post and its outbox, progress
 * snapshots, consent buyers, SMS, exits), never by the survey's first chunk.
 */
import { apiErrorCodeOfStatus, ApiErrorSchema, type ApiError, type ClientErrorCode } from '@app/funnel';
import type { z } from 'zod';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** The HTTP status, or null when no answer came. */
      status: number | null;
      code: ClientErrorCode;
      /** The server's Retry-After, in milliseconds, when it gave one. */
      retryAfterMs?: number;
      /** The fields the server refused (a 400's `fields`), when it named them. */
      fields?: ApiError['fields'];
    };

export interface ApiCall<S extends z.ZodType> {
  path: string;
  method?: 'GET' | 'POST';
  /** Sent as JSON (POST). */
  body?: unknown;
  /** How a 2xx answer is read; an answer it refuses is `unreadable_answer`. */
  answer: S;
  /** Per attempt. */
  timeoutMs?: number;
  /** 1 = no retry. */
  attempts?: number;
  /** Lets the call finish after the page is left (a snapshot posted as the visitor goes). */
  keepalive?: boolean;
  fetchImpl?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 6000;
const RETRY_PAUSE_MS = 300;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A Retry-After header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) in milliseconds from `now`, or
 * undefined when there is none or it reads as neither.
 */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function errorOf(response: Response): Promise<{ code: ClientErrorCode; fields?: ApiError['fields'] }> {
  const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return { code: apiErrorCodeOfStatus(response.status) };
  const { error, fields } = parsed.data;
  return fields === undefined ? { code: error } : { code: error, fields };
}

async function attempt<S extends z.ZodType>(call: ApiCall<S>): Promise<ApiResult<z.infer<S>>> {
  const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await (call.fetchImpl ?? fetch)(call.path, {
      method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
      headers: call.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
      keepalive: call.keepalive,
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, status: null, code: timedOut ? 'timeout' : 'network_error' };
  }
  if (!response.ok) {
    const retryAfterMs = retryAfterMsOf(response.headers.get('retry-after'));
    return {
      ok: false,
      status: response.status,
      ...(await errorOf(response)),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
  const parsed = call.answer.safeParse(body);
  return parsed.success
    ? { ok: true, status: response.status, data: parsed.data }
    : { ok: false, status: response.status, code: 'unreadable_answer' };
}

/** Whether a failed attempt is worth another: no answer, or the server's own failure. */
export function isRetryable(result: ApiResult<unknown>): boolean {
  if (result.ok) return false;
  return result.status === null || (result.status >= 500 && result.status !== 501);
}

/** One call, tried up to `attempts` times; resolves with its answer or its error code, never rejects. */
export async function apiCall<S extends z.ZodType>(call: ApiCall<S>): Promise<ApiResult<z.infer<S>>> {
  const attempts = Math.max(1, call.attempts ?? 1);
  let result = await attempt(call);
  for (let n = 2; n <= attempts && isRetryable(result); n++) {
    await pause(RETRY_PAUSE_MS * (n - 1));
    result = await attempt(call);
  }
  return result;
}
