/**
 * GET /metrics (issue 15): the Prometheus text format, for the operator's scraper only. Allowed:
 * - with `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set (compared in constant time);
 * - from loopback, when the request was not relayed: a proxy on the same machine connects from loopback
 *   too, and adds X-Forwarded-For (or Forwarded), so a relayed request is a visitor's and is refused.
 * Anything else answers 403, without saying which rule failed. Every request is also counted here
 * (method, route pattern, status, latency), and every 429 as a rate-limit refusal.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { sendApiError } from '../http/api-error-reply';
import type { Metrics } from '../metrics/metrics';

export const METRICS_PATH = '/metrics';

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

function tokenMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (tokenMatches(request, token)) return true;
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && isLoopback(request.socket.remoteAddress);
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The route's pattern keeps the label set small; an unmatched path is one label, not one per path.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route: labels.route });
    done();
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayReadMetrics(request, token)) return sendApiError(reply, 403, 'forbidden', 'Metrics are not served here');
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
