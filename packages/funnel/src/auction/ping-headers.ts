/** A ping's headers with their secrets read (a buyer names only BUYER_SECRET_* variables, ADR 0026). */
import type { SecretValue } from '../delivery/buyer-values';
import type { SecretResolver } from '../delivery/delivery-request';

export function resolveHeaders(
  headers: Readonly<Record<string, SecretValue>>,
  secret: SecretResolver,
): { ok: true; headers: Record<string, string> } | { ok: false; problem: string } {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const resolved = secret(value);
    if (resolved === undefined) {
      return { ok: false, problem: `header ${name}: ${typeof value === 'string' ? 'a value' : value.env} is not set` };
    }
    out[name.toLowerCase()] = resolved;
  }
  return { ok: true, headers: out };
}
