/**
 * The headers a hashed asset (`/assets/…`, JS and CSS named by their content) is sent with (issue 10).
 *
 * Helmet's headers protect documents: a Content-Security-Policy, frame options, the opener policy and the
 * like govern the page that carries them, not a script or style sheet it loads (the page's own CSP decides
 * what may run). On a survey route they came with each of the seven scripts before the first answer, about
 * 1.2 KB a response: 8 KB of the critical path on a slow mobile network. An asset keeps what does apply to
 * it: `X-Content-Type-Options: nosniff` (a script is run only with its declared type),
 * `Cross-Origin-Resource-Policy` (no other site may embed it), its year-long immutable cache, its type,
 * length, encoding and `Vary: accept-encoding` (it is sent brotli or gzip, precompressed).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The folder of hashed assets in the built web app (Vite's `build.assetsDir`). */
export const ASSETS_PREFIX = '/assets/';

/** Headers that only mean something on a document (or to a person reading logs), never on an asset. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  // Named by content and cached for a year: neither a range nor a date is asked of it.
  'accept-ranges',
  'last-modified',
] as const;

export function isAssetRequest(request: FastifyRequest): boolean {
  return request.url.startsWith(ASSETS_PREFIX);
}

/** An onSend step: a hashed asset leaves with its own headers only (document headers are removed). */
export function trimAssetHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!isAssetRequest(request) || reply.statusCode >= 400) return;
  for (const name of DOCUMENT_ONLY_HEADERS) {
    // Helmet writes its headers on the raw response, the file server and Fastify on the reply.
    reply.removeHeader(name);
    reply.raw.removeHeader(name);
  }
  reply.header('vary', 'accept-encoding');
}
