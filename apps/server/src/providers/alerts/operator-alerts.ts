/**
 * Every alert to the operator's channel goes through here (issue 9): the server writes each text itself
 * from a fixed set of kinds with parameters (never free text from a request, which would make the channel
 * an open relay), each distinct alert is sent once per window (deduplicated across every server instance
 * through the shared counters), and at most ALERTS_PER_HOUR reach the channel in an hour; beyond that
 * they are only logged. No text holds an email, a phone or a name.
 */
import type { PageAlert } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countUse } from '../../db/usage-counter-store';
import type { ProviderLogger } from '../provider-logger';
import type { AlertSender } from './alert-sender';

export type OperatorAlert =
  | PageAlert
  /** §5: an email blocked before was submitted again and let through. `addressKey` is its lookup key. */
  | { kind: 'email_let_through'; reason: 'invalid' | 'disposable'; addressKey: string }
  /** §7 bad-words report: the server's own filter matched a stored lead's description. */
  | { kind: 'bad_words'; leadId: string; categories: readonly string[] }
  /** The site-wide SMS cap was reached: sends are refused until the hour ends. */
  | { kind: 'sms_site_cap_reached'; cap: number }
  /** Issue 29: the site-wide cap on paid phone and email checks was reached (http/paid-lookup-cap.ts). */
  | { kind: 'paid_lookup_cap_reached'; cap: number };

export const ALERT_DEDUP_WINDOW_MS = 60 * 60_000;
/** §5's let-through alert is sent once per address a day. */
export const EMAIL_LET_THROUGH_WINDOW_MS = 24 * 60 * 60_000;
export const ALERTS_PER_HOUR = 60;

export function alertText(alert: OperatorAlert): string {
  switch (alert.kind) {
    case 'email_let_through':
      return `Email check: an address blocked as ${alert.reason} was submitted again and let through (spec §5).`;
    case 'bad_words':
      return `Bad-words report for lead ${alert.leadId}: ${alert.categories.join(', ')}`;
    case 'sms_site_cap_reached':
      return `SMS: the site-wide cap of ${alert.cap} codes an hour was reached; sends are refused until the hour ends.`;
    case 'paid_lookup_cap_reached':
      return `Checks: the site-wide cap of ${alert.cap} paid phone and email lookups an hour was reached; checks count as unavailable and leads are re-checked before delivery.`;
    case 'lead_post_failed':
      return `A page could not post a lead (variant ${alert.variant}, last status ${alert.status ?? 'no answer'}); it keeps the lead and retries.`;
    case 'page_error':
      return `Page error: variant ${alert.variant}, step ${alert.step}.`;
  }
}

/** What makes two alerts "the same" for deduplication. */
function dedupKey(alert: OperatorAlert): { key: string; windowMs: number } {
  switch (alert.kind) {
    case 'email_let_through':
      return { key: `email_let_through:${alert.addressKey}`, windowMs: EMAIL_LET_THROUGH_WINDOW_MS };
    case 'bad_words':
      return { key: `bad_words:${alert.leadId}`, windowMs: EMAIL_LET_THROUGH_WINDOW_MS };
    default:
      return { key: `${alert.kind}:${alertText(alert)}`, windowMs: ALERT_DEDUP_WINDOW_MS };
  }
}

export interface OperatorAlerts {
  /** Never rejects; answers whether the alert went to the channel. */
  raise(alert: OperatorAlert): Promise<boolean>;
}

export function createOperatorAlerts(deps: {
  db: Kysely<Database>;
  sender: AlertSender;
  logger: ProviderLogger;
  now: () => Date;
}): OperatorAlerts {
  return {
    async raise(alert) {
      try {
        const { key, windowMs } = dedupKey(alert);
        const now = deps.now();
        if ((await countUse(deps.db, `alert:${key}`, windowMs, now)).count > 1) return false;
        if ((await countUse(deps.db, 'alert:any', 60 * 60_000, now)).count > ALERTS_PER_HOUR) {
          deps.logger.warn({ alert_kind: alert.kind }, 'alert not sent: hourly alert cap reached');
          return false;
        }
        await deps.sender.send(alertText(alert));
        return true;
      } catch (error) {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'alert failed');
        return false;
      }
    },
  };
}
