/**
 * The experiment assignment cookie (issue 16, docs/decisions/0021-experiments-and-funnel-statistics.md): one first-party cookie per
 * experiment, `fx_<experiment id>`, holding the visitor's id and arm with an HMAC of both and the
 * experiment's id under a server secret. HttpOnly (no script reads or writes it), SameSite=Lax (an ad's
 * link is a top-level navigation from another site and must carry it), Secure behind TLS, 180 days. A
 * cookie whose signature does not verify, or whose arm the experiment does not have, is no assignment:
 * the visitor is assigned anew.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const ASSIGNMENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export function cookieName(experimentId: string): string {
  return `fx_${experimentId}`;
}

export interface SignedAssignment {
  visitorId: string;
  arm: string;
}

function signature(secret: string, experimentId: string, visitorId: string, arm: string): string {
  return createHmac('sha256', secret).update(`${experimentId}|${visitorId}|${arm}`, 'utf8').digest('base64url');
}

export function newVisitorId(): string {
  return randomUUID();
}

export function cookieValue(secret: string, experimentId: string, assignment: SignedAssignment): string {
  const { visitorId, arm } = assignment;
  return `${visitorId}.${arm}.${signature(secret, experimentId, visitorId, arm)}`;
}

/** The assignment a cookie value proves, or null (malformed, or signed for another experiment or arm). */
export function readCookieValue(secret: string, experimentId: string, value: string): SignedAssignment | null {
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [visitorId = '', arm = '', mac = ''] = parts;
  if (!/^[0-9a-f-]{36}$/.test(visitorId) || !/^[a-z0-9-]{1,40}$/.test(arm)) return null;
  const expected = Buffer.from(signature(secret, experimentId, visitorId, arm));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { visitorId, arm };
}

/** A cookie's value from a Cookie header, or undefined. */
export function cookieFromHeader(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setCookieHeader(name: string, value: string, secure: boolean): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${ASSIGNMENT_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
