/**
 * A visitor's address as a counter key: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4),
 * an IPv6 address by its /64 (one subscriber's whole network, as the rate limits count it, http/rate-limit.ts).
 */
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = ipaddr.IPv6.parse(address.toString()).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
