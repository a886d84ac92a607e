/**
 * Helmet's security headers (the content security policy with the web app's script and style hashes,
 * issue 10) on every answer. Helmet's middleware is built once: @fastify/helmet, used before, built it
 * again for every request, parsing every CSP directive each time (issue 15: ~2% of a lead's CPU).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: Readonly<HelmetOptions>,
  /** Issue 29, finding 10: the operator console's own (stricter) headers, for /console and /api/console. */
  consoleOptions: Readonly<HelmetOptions> = options,
): void {
  const site = helmet(options);
  const consoleHeaders = helmet(consoleOptions);
  app.addHook('onRequest', (request, reply, done) => {
    const setHeaders = isConsolePath(request.url) ? consoleHeaders : site;
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** /console, /console/…, /api/console/… (and the same with a query), whatever the slashes. */
export function isConsolePath(url: string): boolean {
  // Read as the router reads it: percent-decoded (`/%63onsole` is /console; issue 29 review).
  const raw = url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the router refuses it too; the raw path is judged.
  }
  const pathname = decoded.replace(/\/{2,}/g, '/');
  return /^\/(api\/)?console(\/|$)/i.test(pathname);
}
