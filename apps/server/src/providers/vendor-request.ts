/**
 * One outgoing HTTP call to a vendor, with a timeout on the whole exchange (headers and body) through
 * AbortSignal.timeout, and every way it can go wrong turned into a value instead of an exception, so each
 * adapter decides what a failure means for its port (§8: most failures are swallowed).
 *
 * The answer's JSON is returned as `unknown`: adapters parse it with a zod schema, since a vendor can send
 * anything. Neither the URL (IPQualityScore carries the key in the path) nor the body is ever logged here.
 */
export type VendorFailure =
  | { kind: 'timeout' }
  /** The connection failed; `code` is the system's (ECONNREFUSED, ENOTFOUND…) when it gave one. */
  | { kind: 'network'; code?: string }
  /** The vendor answered with a status the adapter did not expect (5xx, 401, …). */
  | { kind: 'http-status'; status: number }
  /** The vendor answered 2xx, but not with JSON of the expected shape. */
  | { kind: 'bad-answer' };

/** For log lines and messages: 'timeout', 'network', 'HTTP 503', 'bad-answer'. */
export function describeVendorFailure(failure: VendorFailure): string {
  return failure.kind === 'http-status' ? `HTTP ${failure.status}` : failure.kind;
}

export interface VendorAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  json: unknown;
  text: string;
}

export interface VendorRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Issue 29: the most of the answer's body read (the rest is dropped unread); default MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
}

/** No vendor's answer is longer than this; a longer one is cut here, so a hostile host cannot fill memory. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export type VendorResult = { ok: true; answer: VendorAnswer } | { ok: false; failure: VendorFailure };

export async function vendorRequest(request: VendorRequest): Promise<VendorResult> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
    const text = await readCapped(response, request.maxAnswerBytes ?? MAX_ANSWER_BYTES);
    return { ok: true, answer: { status: response.status, json: parseJson(text), text } };
  } catch (error: unknown) {
    if (isTimeout(error)) return { ok: false, failure: { kind: 'timeout' } };
    const code = systemCode(error);
    return { ok: false, failure: code === undefined ? { kind: 'network' } : { kind: 'network', code } };
  }
}

/** The body's first `maxBytes` bytes as text; the stream is cancelled past them. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const read: { done: boolean; value?: unknown } = await reader.read();
    if (read.done || !(read.value instanceof Uint8Array)) break;
    const value = read.value;
    const room = maxBytes - size;
    chunks.push(value.byteLength > room ? value.subarray(0, room) : value);
    size += Math.min(value.byteLength, room);
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch wraps the socket's error: its `code` says why (never the URL). */
function systemCode(error: unknown): string | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  return cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
}

/** AbortSignal.timeout rejects with a DOMException named TimeoutError (also while reading the body). */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || isTimeout(error.cause));
}

/**
 * `base` (from configuration, possibly with a path such as a test server's prefix) joined with `path`
 * segments, each percent-encoded, so a value can never change the path it is put in.
 */
export function vendorUrl(base: string, segments: readonly string[]): URL {
  const url = new URL(base);
  const prefix = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  url.pathname = prefix + segments.map((segment) => encodeURIComponent(segment)).join('/');
  return url;
}
