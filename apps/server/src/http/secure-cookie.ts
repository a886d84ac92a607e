/**
 * Issue 29 ("cookies are not Secure behind TLS without TRUST_PROXY"): whether a cookie is marked Secure.
 * Production is always served over TLS (the reverse proxy's, docs/security.md), so there every cookie is
 * Secure whatever the proxy tells this server; elsewhere, when the request itself came over https.
 */
import type { FastifyRequest } from 'fastify';

export function secureCookie(request: FastifyRequest, production: boolean): boolean {
  return production || request.protocol === 'https';
}
