/**
 * Issue 29, finding 1: where a buyer's target may post in production. A buyer saved from the console must
 * not reach this server's own /metrics, a database, a cloud metadata service or any other host inside the
 * network, so in production a target's host must be a public one: an IP address in no special range
 * (loopback, link-local, private, unique-local, carrier-grade NAT, multicast, reserved…), a name with a
 * dot outside the local-only suffixes, and, when a lead is sent, a name whose every address is public.
 * The operator lets a host through by name (BUYER_TARGET_ALLOWED_HOSTS, delivery-config.ts).
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Names that never leave the machine or the local network (RFC 6761, RFC 6762, common internal zones). */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa', '.lan', '.intranet'];

/**
 * The URL's host as WHATWG parsing normalised it (2130706433 and 0x7f.1 are 127.0.0.1), without brackets
 * or the trailing dot of a fully qualified name ("localhost." is localhost).
 */
function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Why an IP address is not a public one, or undefined when it is. */
export function addressProblem(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return `${address} is a ${range} address`;
  // IPv4-compatible IPv6 (::/96, deprecated, RFC 4291) carries an IPv4 address ipaddr.js calls unicast.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.parseCIDR('::/96'))) {
    return `${address} is an IPv4-compatible IPv6 address`;
  }
  return undefined;
}

export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes(hostOf(url));
}

/** Why a target URL's host is not public, judged from the URL alone (no DNS); undefined when it may be. */
export function targetHostProblem(url: URL, allowedHosts: readonly string[]): string | undefined {
  if (isAllowedHost(url, allowedHosts)) return undefined;
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return addressProblem(host);
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return `${host} is a local name`;
  }
  if (!host.includes('.')) return `${host} has no domain, so it names a host of the local network`;
  return undefined;
}

/**
 * The same when a lead is about to be sent, with the name resolved: a name saved while it pointed outside
 * and now pointing inside is refused too. (A name that changes between this look-up and the connection is
 * the residual risk docs/security.md names.)
 */
export async function resolvedTargetProblem(url: URL, allowedHosts: readonly string[]): Promise<string | undefined> {
  const written = targetHostProblem(url, allowedHosts);
  if (written !== undefined || isAllowedHost(url, allowedHosts) || ipaddr.isValid(hostOf(url))) return written;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(hostOf(url), { all: true });
  } catch {
    // Not resolvable: the request itself fails as a network error, retried like any other.
    return undefined;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem !== undefined) return `${hostOf(url)} resolves to ${problem}`;
  }
  return undefined;
}
