/**
 * Issue 29, finding 5: a site-wide cap on paid lookups. The per-address limits (an IPv6 /64 as one address)
 * let a routed /48 ask for millions of IPQualityScore checks, each one paid. Every phone and email check
 * sent to a paying vendor counts in one shared counter (db/usage-counter-store.ts, the database every
 * instance uses, like the SMS cap in sms-send-guard.ts); past PAID_LOOKUP_SITE_HOURLY_CAP in the hour the
 * vendor is not asked, the check answers as a vendor failure (§5/§8: the visitor goes on), the operator is
 * alerted (once an hour), and the lead is checked again before it is delivered (delivery/recheck-contact.ts).
 */
import { countUse } from '../db/usage-counter-store';
import type { Services } from '../services';

const HOUR_MS = 60 * 60_000;

/** Whether one more paid lookup may be made now; counts it when so. */
export async function allowPaidLookup(services: Services): Promise<boolean> {
  const cap = services.config.PAID_LOOKUP_SITE_HOURLY_CAP;
  const use = await countUse(services.db, 'lookup:site-hour', HOUR_MS, services.now());
  if (use.count <= cap) return true;
  await services.alerts.raise({ kind: 'paid_lookup_cap_reached', cap });
  return false;
}
