/**
 * One outgoing HTTP call to a vendor, with a timeout on the whole exchange (headers and body), and every way
 * it can go wrong turned into a value instead of an exception, so each adapter decides what a failure means
 * for its port (§8: most failures are swallowed).
 *
 * Made with node:http and node:https through keep-alive agents, not fetch (ADR 0008, issue 32): an auction
 * sends a ping to every buyer for every lead, and fetch's web streams, abort signals and events cost about
 * four times the CPU of a plain request here (0.25 against 1.0 ms a call, client and a local server). What
 * fetch gave is kept: no redirect is followed (a 3xx is a network failure, as fetch's `redirect: 'error'`),
 * a gzip, deflate or brotli answer is decoded, the answer is cut at `maxAnswerBytes`, and the deadline
 * covers the body too.
 *
 * The answer's JSON is returned as `unknown`: adapters parse it with a zod schema, since a vendor can send
 * anything. Neither the URL (IPQualityScore carries the key in the path) nor the body is ever logged here.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { NOT_SENT_DEADLINE_CODE } from '@app/funnel';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export type VendorFailure =
  /**
   * The deadline passed after the whole request was sent: the vendor may have read it. Before that, the call
   * is a network failure with code NOT_SENT_DEADLINE_CODE (@app/funnel): the vendor cannot have read it.
   */
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

/**
 * Connections are kept open between calls to one vendor (a buyer is pinged for every lead), and closed after
 * 4 s unused, as fetch's own pool does: before a server's usual 5 s, so a call is rarely sent on a connection
 * the vendor is closing. A call is never sent twice (a buyer's post or an SMS must not be doubled).
 */
const IDLE_CONNECTION_MS = 4000;
const agents = {
  http: new HttpAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  https: new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/**
 * Headers about the connection and the body's framing are this client's to write: one given by a caller (a
 * buyer's configured headers) is dropped, as fetch dropped these forbidden names, so a wrong Content-Length
 * can never cut or stall a post.
 */
const CONNECTION_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'expect',
  'te',
  'trailer',
  'upgrade',
]);

/** fetch's redirect statuses: with `redirect: 'error'` each was a network failure, and still is. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export function vendorRequest(request: VendorRequest): Promise<VendorResult> {
  return new Promise((resolve) => {
    const maxBytes = request.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    let outgoing: ClientRequest | undefined;
    let settled = false;
    const settle = (result: VendorResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const fail = (error: unknown): void => {
      const code = systemCode(error);
      settle({ ok: false, failure: code === undefined ? { kind: 'network' } : { kind: 'network', code } });
    };
    // Set once the whole request was handed to the connection ('finish'): before that, the deadline found it
    // still connecting, in its TLS handshake, or not wholly written, and the vendor cannot have read it.
    let written = false;
    const deadline = setTimeout(() => {
      settle({
        ok: false,
        failure: written ? { kind: 'timeout' } : { kind: 'network', code: NOT_SENT_DEADLINE_CODE },
      });
      outgoing?.destroy();
    }, request.timeoutMs);

    const receive = (response: IncomingMessage): void => {
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        settle({ ok: false, failure: { kind: 'network' } });
        return;
      }
      const body = decoded(response);
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = (): void => {
        const text = Buffer.concat(chunks).toString('utf8');
        settle({ ok: true, answer: { status, json: parseJson(text), text } });
      };
      body.on('data', (chunk: Buffer) => {
        const room = maxBytes - size;
        chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.byteLength, room);
        if (size >= maxBytes) {
          answer();
          response.destroy();
        }
      });
      body.on('end', answer);
      body.on('error', fail);
      response.on('error', fail);
      // The connection closed before the whole answer came: a network failure, as fetch's body read.
      response.on('close', () => {
        if (!response.complete) fail(undefined);
      });
    };

    try {
      const url = request.url;
      const https = url.protocol === 'https:';
      if (!https && url.protocol !== 'http:') throw new Error(`unsupported protocol ${url.protocol}`);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers ?? {})) {
        if (!CONNECTION_HEADERS.has(name.toLowerCase())) headers[name] = value;
      }
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      const options = { method: request.method, headers };
      const sent = https
        ? httpsRequest(url, { ...options, agent: agents.https }, receive)
        : httpRequest(url, { ...options, agent: agents.http }, receive);
      outgoing = sent;
      sent.on('finish', () => {
        written = true;
      });
      sent.on('error', fail);
      sent.end(request.body);
    } catch (error: unknown) {
      fail(error);
    }
  });
}

/** The answer's bytes as the vendor meant them: decoded when it sent them compressed. */
function decoded(response: IncomingMessage): Readable {
  const encoding = response.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  return decoder ? response.pipe(decoder) : response;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The socket's error `code` says why (never the URL). */
function systemCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
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
