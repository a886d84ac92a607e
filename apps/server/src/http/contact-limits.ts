/**
 * New leads a day per email and per phone (issue 9), on top of the per-IP limit of the route: a script
 * cannot post thousands of leads for one contact (each costs CPU and vendor calls). Counted in the shared
 * counters under the contact's lookup key, never the address. A refused post answers 429 with Retry-After;
 * the page keeps the lead and retries then (apps/web/src/survey/lead-outbox.ts), so nothing is lost.
 */
import type { FastifyReply } from 'fastify';
import { countUses } from '../db/usage-counter-store';
import type { Services } from '../services';

const DAY_MS = 24 * 60 * 60_000;

/** The wait until a retry can succeed, or null when the lead may go on. Both counters in one statement. */
export async function contactLimitWait(
  services: Services,
  contact: { email: string; phone: string },
): Promise<number | null> {
  const now = services.now();
  const keys = [
    `lead:email:${services.keys.of('email', contact.email)}`,
    `lead:phone:${services.keys.of('phone', contact.phone)}`,
  ];
  const uses = await countUses(services.db, keys, DAY_MS, now);
  let wait: number | null = null;
  for (const key of keys) {
    const use = uses.get(key);
    if (!use) throw new Error(`the contact counter ${key} returned no row`);
    if (use.count > services.config.LEAD_LIMIT_PER_CONTACT) {
      wait = Math.max(wait ?? 0, use.resetAt.getTime() - now.getTime());
    }
  }
  return wait;
}

export function tooManyLeads(reply: FastifyReply, waitMs: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)))
    .send({ error: 'too_many_requests', message: 'Too many leads for this email or phone today' });
}
