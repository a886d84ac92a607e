/**
 * Offline email check, no vendor: the address's syntax (the same EmailSchema the form uses), its domain
 * against the community list of disposable-mail domains (disposable-email-domains-js, CC0, the
 * disposable-email-domains/disposable-email-domains list), and whether the domain can receive mail
 * (mail-host-lookup.ts, through the machine's DNS resolver).
 *
 * DNS answers within DNS_TIMEOUT_MS or the check is a service failure (success false), which blocks
 * nothing that the list does not: a slow resolver must not stop a visitor (§8 "most failures are
 * swallowed"). A domain with no MX and no address is dns_valid false, valid false.
 *
 * A resolver that says a well-known domain does not exist is not to be believed (sandboxes and some
 * captive networks answer NXDOMAIN for everything): before reporting "no mail host" the provider checks
 * that the resolver finds the canary domain's MX, at most once every CANARY_TTL_MS, and reports a service
 * failure instead when it does not.
 *
 * Issue 15: a domain's answer is kept MAIL_HOST_TTL_MS (most visitors share a handful of mail domains),
 * at most MAIL_HOST_CACHE_SIZE domains, and concurrent checks of one domain share one lookup; a failure
 * is not kept. The answer is public DNS data, not a visitor's: a per-process cache is safe behind any
 * number of instances.
 */
import { Resolver } from 'node:dns/promises';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { EmailSchema } from '@app/funnel';
import { EMAIL_SERVICE_FAILURE, type EmailCheck, type EmailProvider } from './email-provider';
import { findMailHost, type MailDns, type MailHostOutcome } from './mail-host-lookup';

export const DNS_TIMEOUT_MS = 1500;
export const CANARY_TTL_MS = 10 * 60 * 1000;
export const DEFAULT_CANARY_DOMAIN = 'gmail.com';
export const MAIL_HOST_TTL_MS = 10 * 60 * 1000;
export const MAIL_HOST_CACHE_SIZE = 10_000;

export interface OfflineEmailOptions {
  /** Defaults to a node:dns Resolver with a DNS_TIMEOUT_MS query timeout and one try. */
  dns?: MailDns;
  timeoutMs?: number;
  canaryDomain?: string;
  /** Milliseconds clock, for the canary's cache. */
  now?: () => number;
}

let disposableDomains: Set<string> | undefined;

/** The domain or any parent of it is on the list (sub.mailinator.com is as disposable as mailinator.com). */
export function isDisposableDomain(domain: string): boolean {
  disposableDomains ??= disposableEmailBlocklistSet();
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposableDomains.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

function withDeadline(outcome: Promise<MailHostOutcome>, ms: number): Promise<MailHostOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<MailHostOutcome>((resolve) => {
    timer = setTimeout(() => resolve('failure'), ms);
  });
  return Promise.race([outcome, deadline]).finally(() => clearTimeout(timer));
}

export function createOfflineEmailProvider(options: OfflineEmailOptions = {}): EmailProvider {
  const timeoutMs = options.timeoutMs ?? DNS_TIMEOUT_MS;
  const dns = options.dns ?? new Resolver({ timeout: timeoutMs, tries: 1 });
  const canaryDomain = options.canaryDomain ?? DEFAULT_CANARY_DOMAIN;
  const now = options.now ?? Date.now;
  let canary: { trusted: boolean; at: number } | undefined;
  const known = new Map<string, { outcome: Promise<MailHostOutcome>; at: number }>();

  function mailHostOf(domain: string): Promise<MailHostOutcome> {
    const entry = known.get(domain);
    if (entry && now() - entry.at < MAIL_HOST_TTL_MS) return entry.outcome;
    const outcome = withDeadline(findMailHost(domain, dns), timeoutMs);
    known.delete(domain);
    if (known.size >= MAIL_HOST_CACHE_SIZE) known.delete(known.keys().next().value ?? '');
    known.set(domain, { outcome, at: now() });
    // A failure is asked again by the next check (once this lookup has settled).
    void outcome.then((result) => {
      if (result === 'failure' && known.get(domain)?.outcome === outcome) known.delete(domain);
    });
    return outcome;
  }

  async function resolverIsTruthful(): Promise<boolean> {
    if (canary && now() - canary.at < CANARY_TTL_MS) return canary.trusted;
    const outcome = await mailHostOf(canaryDomain);
    // A failure says nothing about the resolver's honesty: not cached, asked again next time.
    if (outcome === 'failure') return false;
    canary = { trusted: outcome === 'found', at: now() };
    return canary.trusted;
  }

  return {
    async check(email: string): Promise<EmailCheck> {
      const parsed = EmailSchema.safeParse(email);
      if (!parsed.success) return { success: true, valid: false, disposable: false, fraud_score: 0, dns_valid: false };
      const domain = parsed.data.slice(parsed.data.lastIndexOf('@') + 1);
      const disposable = isDisposableDomain(domain);

      let outcome = await mailHostOf(domain.toLowerCase());
      if (outcome === 'none' && !(await resolverIsTruthful())) outcome = 'failure';
      // A failure still reports the disposable flag: the list needs no network, and the verdict uses it.
      if (outcome === 'failure') return { ...EMAIL_SERVICE_FAILURE, disposable };
      const found = outcome === 'found';
      return { success: true, valid: found, disposable, fraud_score: 0, dns_valid: found };
    },
  };
}
