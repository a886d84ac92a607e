import { describe, expect, it } from 'vitest';
import type { MailDns } from '../../../src/providers/email/mail-host-lookup';
import {
  CANARY_TTL_MS,
  createOfflineEmailProvider,
  MAIL_HOST_TTL_MS,
  isDisposableDomain,
} from '../../../src/providers/email/offline-email-provider';
import { emailVerdict } from '../../../src/providers/email/email-verdict';

const MX = [{ exchange: 'mx.example.net', priority: 10 }];
const nxdomain = () => Promise.reject(Object.assign(new Error('queryMx ENOTFOUND'), { code: 'ENOTFOUND' }));

/** A resolver that knows the listed domains' MX (gmail.com is the default canary) and nothing else. */
function dnsKnowing(domains: string[], queries: string[] = []): MailDns {
  return {
    resolveMx: (domain) => {
      queries.push(domain);
      return domains.includes(domain) ? Promise.resolve(MX) : nxdomain();
    },
    resolve4: () => nxdomain(),
    resolve6: () => nxdomain(),
  };
}

const healthy = dnsKnowing(['gmail.com', 'example-firm.com', 'mailinator.com']);

describe('offline email provider', () => {
  it.each([
    ['jane@example-firm.com', { success: true, valid: true, disposable: false, fraud_score: 0, dns_valid: true }],
    ['  Jane@Example-Firm.COM ', { success: true, valid: true, disposable: false, fraud_score: 0, dns_valid: true }],
    ['jane@mailinator.com', { success: true, valid: true, disposable: true, fraud_score: 0, dns_valid: true }],
    ['jane@no-such-domain.com', { success: true, valid: false, disposable: false, fraud_score: 0, dns_valid: false }],
    ['not-an-email', { success: true, valid: false, disposable: false, fraud_score: 0, dns_valid: false }],
    ['jane@', { success: true, valid: false, disposable: false, fraud_score: 0, dns_valid: false }],
    ['', { success: true, valid: false, disposable: false, fraud_score: 0, dns_valid: false }],
  ])('%j → %j', async (email, expected) => {
    expect(await createOfflineEmailProvider({ dns: healthy }).check(email)).toEqual(expected);
  });

  it('blocks per §5 what it finds invalid or disposable, and lets the rest on', async () => {
    const provider = createOfflineEmailProvider({ dns: healthy });
    const blocked = async (email: string) => emailVerdict(await provider.check(email), 0).blocked;
    expect(await blocked('jane@example-firm.com')).toBe(false);
    expect(await blocked('jane@mailinator.com')).toBe(true);
    expect(await blocked('jane@no-such-domain.com')).toBe(true);
  });

  it('turns a DNS timeout into a service failure, not a block, within the timeout', async () => {
    const never: MailDns = {
      resolveMx: () => new Promise(() => {}),
      resolve4: () => new Promise(() => {}),
      resolve6: () => new Promise(() => {}),
    };
    const started = Date.now();
    const result = await createOfflineEmailProvider({ dns: never, timeoutMs: 100 }).check('jane@example-firm.com');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toEqual({ success: false, valid: false, disposable: false, fraud_score: 0, dns_valid: false });
    expect(emailVerdict(result, 0).blocked).toBe(false);
  });

  it('keeps the disposable flag when DNS fails, so a disposable address is still blocked', async () => {
    const failing: MailDns = {
      resolveMx: () => Promise.reject(Object.assign(new Error('x'), { code: 'ESERVFAIL' })),
      resolve4: () => Promise.resolve([]),
      resolve6: () => Promise.resolve([]),
    };
    const result = await createOfflineEmailProvider({ dns: failing }).check('jane@mailinator.com');
    expect(result).toMatchObject({ success: false, disposable: true });
    expect(emailVerdict(result, 0)).toEqual({ blocked: true, reason: 'disposable', alert: false });
  });

  it('does not believe a resolver that says the canary domain does not exist (a sandbox): failure, not a block', async () => {
    const liar = dnsKnowing([]);
    const result = await createOfflineEmailProvider({ dns: liar }).check('jane@example-firm.com');
    expect(result.success).toBe(false);
    expect(emailVerdict(result, 0).blocked).toBe(false);
  });

  it('asks the canary only after a "no mail host" answer, and at most once per CANARY_TTL_MS', async () => {
    const queries: string[] = [];
    let now = 0;
    const provider = createOfflineEmailProvider({ dns: dnsKnowing(['gmail.com', 'a.com'], queries), now: () => now });
    await provider.check('x@a.com');
    expect(queries).toEqual(['a.com']);
    await provider.check('x@nope.com');
    await provider.check('x@nope2.com');
    expect(queries).toEqual(['a.com', 'nope.com', 'gmail.com', 'nope2.com']);
    now = CANARY_TTL_MS;
    await provider.check('x@nope3.com');
    expect(queries.slice(4)).toEqual(['nope3.com', 'gmail.com']);
  });

  it('asks DNS once per domain per MAIL_HOST_TTL_MS, concurrent checks sharing one lookup; a failure is asked again', async () => {
    const queries: string[] = [];
    let now = 0;
    let failNext = true;
    const flaky: MailDns = {
      ...dnsKnowing(['gmail.com', 'a.com'], queries),
      resolveMx: (domain) => {
        queries.push(domain);
        if (domain === 'flaky.com' && failNext) {
          failNext = false;
          return Promise.reject(Object.assign(new Error('queryMx ETIMEOUT'), { code: 'ETIMEOUT' }));
        }
        return ['gmail.com', 'a.com', 'flaky.com'].includes(domain) ? Promise.resolve(MX) : nxdomain();
      },
    };
    const provider = createOfflineEmailProvider({ dns: flaky, now: () => now });
    const answers = await Promise.all(['x@a.com', 'y@A.com', 'z@a.com'].map((e) => provider.check(e)));
    expect(answers.every((a) => a.valid)).toBe(true);
    expect(queries).toEqual(['a.com']);
    now = MAIL_HOST_TTL_MS - 1;
    await provider.check('w@a.com');
    expect(queries).toEqual(['a.com']);
    now = MAIL_HOST_TTL_MS;
    await provider.check('w@a.com');
    expect(queries).toEqual(['a.com', 'a.com']);
    expect((await provider.check('x@flaky.com')).success).toBe(false);
    expect((await provider.check('x@flaky.com')).valid).toBe(true);
    expect(queries.filter((q) => q === 'flaky.com')).toHaveLength(2);
  });

  it.each([
    ['mailinator.com', true],
    ['MAILINATOR.COM', true],
    ['sub.mailinator.com', true],
    ['guerrillamail.com', true],
    ['gmail.com', false],
    ['mailinator.com.example.org', false],
    ['com', false],
  ])('isDisposableDomain(%s) → %s', (domain, expected) => {
    expect(isDisposableDomain(domain)).toBe(expected);
  });

  it("with the machine's own resolver, never blocks a real address (DNS found it, or could not be asked)", async () => {
    // Works on any machine: with DNS, gmail.com has MX; without (this sandbox answers NXDOMAIN for
    // everything), the canary makes it a service failure. Either way §5 lets the visitor on.
    const result = await createOfflineEmailProvider().check('someone@gmail.com');
    expect(emailVerdict(result, 0).blocked).toBe(false);
  });
});
