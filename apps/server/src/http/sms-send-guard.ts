/**
 * Whether a code may be texted now (issue 9, SMS pumping). Every count lives in the shared counters
 * (db/usage-counter-store.ts), so every server instance enforces the same limits:
 * - §9 resend cooldown: 30 s per phone (answered as {sent: false, retry_after_ms}, as the page expects);
 * - per phone: SMS_PER_PHONE_HOUR and SMS_PER_PHONE_DAY;
 * - the whole site: SMS_SITE_HOURLY_CAP an hour, whose reaching alerts the operator (once an hour).
 * The caller has already refused numbers outside the US regions and phones that failed the phone check;
 * the per-IP limit (an IPv6 /64 counting as one address) is the route's rate limit.
 */
import type { Services } from '../services';
import { countUse, releaseUse } from '../db/usage-counter-store';

/** §9 "resend cooldown 30000 ms". */
export const RESEND_COOLDOWN_MS = 30_000;
export const SMS_PER_PHONE_HOUR = 3;
export const SMS_PER_PHONE_DAY = 5;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export type SmsAllowance =
  | { allowed: true; release: () => Promise<void> }
  | { allowed: false; reason: 'cooldown' | 'phone_cap' | 'site_cap'; retryAfterMs: number };

export async function allowSmsSend(services: Services, phoneKey: string): Promise<SmsAllowance> {
  const { db } = services;
  const now = services.now();
  const wait = (resetAt: Date) => Math.max(1, resetAt.getTime() - now.getTime());

  const cooldownKey = `sms:cooldown:${phoneKey}`;
  const cooldown = await countUse(db, cooldownKey, RESEND_COOLDOWN_MS, now);
  if (cooldown.count > 1) return { allowed: false, reason: 'cooldown', retryAfterMs: wait(cooldown.resetAt) };

  for (const [windowMs, max, name] of [
    [HOUR_MS, SMS_PER_PHONE_HOUR, 'hour'],
    [DAY_MS, SMS_PER_PHONE_DAY, 'day'],
  ] as const) {
    const use = await countUse(db, `sms:phone-${name}:${phoneKey}`, windowMs, now);
    if (use.count > max) return { allowed: false, reason: 'phone_cap', retryAfterMs: wait(use.resetAt) };
  }

  const cap = services.config.SMS_SITE_HOURLY_CAP;
  const site = await countUse(db, 'sms:site-hour', HOUR_MS, now);
  if (site.count > cap) {
    await services.alerts.raise({ kind: 'sms_site_cap_reached', cap });
    return { allowed: false, reason: 'site_cap', retryAfterMs: wait(site.resetAt) };
  }
  // A send that fails gives the cooldown back, so a vendor error does not lock the visitor out for 30 s.
  return { allowed: true, release: () => releaseUse(db, cooldownKey) };
}
