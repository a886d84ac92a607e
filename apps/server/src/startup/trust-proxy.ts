/**
 * TRUST_PROXY: which X-Forwarded-For hops name the visitor (issue 9). Every limit and every stored
 * ip_address reads request.ip, so believing a hop a visitor wrote lets anyone pick their own IP.
 * - `false` (default): no proxy; the socket's address is the visitor's.
 * - a hop count (`1` behind one load balancer): the address that many hops from the server is the
 *   visitor's; anything a visitor put further left is ignored.
 * - a comma list of the proxies' addresses or CIDR ranges (`10.0.0.0/8, 2001:db8::/32`), or the names
 *   loopback, linklocal, uniquelocal: hops from those are skipped, the first other one is the visitor.
 * - `true` believes every hop (the leftmost, which the visitor writes): accepted outside production for
 *   a quick local try, refused in production (startup/production-problems.ts).
 * Fastify's trustProxy takes all of these (https://fastify.dev/docs/latest/Reference/Server/#trustproxy).
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A named range, or an address or CIDR range written in full (not ipaddr's shorthands such as "10"). */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix] = entry.split('/');
  const written = ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address);
  return written && (prefix === undefined ? ipaddr.isValid(address) : ipaddr.isValidCIDR(entry));
}

export const TrustProxySchema = z
  .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().optional())
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? 'false').trim();
    if (text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 10) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a hop count from 1 to 10, or a comma list of proxy addresses or CIDR ranges (true only outside production)',
    });
    return false;
  });

/**
 * Fastify's form: a hop count becomes "trust the first n hops from this server" (what proxy-addr does with
 * a number; Fastify's types take the function).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** For the start line: what is believed, never more. */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return 'off (socket address)';
  if (trust === true) return 'EVERY X-Forwarded-For hop (forgeable; refused in production)';
  if (typeof trust === 'number') return `${trust} hop${trust === 1 ? '' : 's'}`;
  return trust.join(', ');
}
