import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';

/**
 * What a request log line says about the request (issue 9, no personal data in logs): method and path,
 * never the query string (the thank-you URL carries the visitor's email and phone, §7) nor the body,
 * nor the address (the limits count addresses, the logs need not keep them).
 */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export const requestLogSerializers = {
  req: (request: { method: string; url: string }) => ({ method: request.method, url: pathOnly(request.url) }),
};

/**
 * Issue 15: whatever code logs, these keys never reach a log line, at the top of an object or one level
 * down ({lead: {email}}), or in an error (a PostgreSQL error's detail quotes the row: "Key (email)=(…)").
 * The visitor's contact, name, address, IP and case text, and the vendors' echoes of them.
 */
const PERSONAL_KEYS = [
  'email',
  'phone',
  'first_name',
  'last_name',
  'address',
  'street',
  'zip_code',
  'ip',
  'ip_address',
  'remoteAddress',
  'user_agent',
  'case_description',
  'description',
  'text',
];

export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-forwarded-for"]',
  'req.headers.forwarded',
  'req.body',
  ...PERSONAL_KEYS,
  ...PERSONAL_KEYS.map((key) => `*.${key}`),
  'err.detail',
  'err.parameters',
  'err.where',
];

/**
 * The request's id in every line it logs, and in its answer's X-Request-Id: the proxy's X-Request-Id when
 * it sends a plain one (one id from the proxy's log to ours), else a random UUID, unique across instances.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[\w.-]{8,64}$/.test(header) ? header : randomUUID();
}

/**
 * One log line per request, when its answer is sent: the request (method and path), the status and the
 * time taken, under its request id (issue 15: Fastify's default logs two lines, "incoming request" and
 * "request completed", and each line is serialised and redacted; half the logging per lead). A request
 * that never ends shows in the metrics' in-flight latency, not in the log.
 */
export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
