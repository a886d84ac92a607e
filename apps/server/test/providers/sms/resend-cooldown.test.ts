import { describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_MS, withResendCooldown } from '../../../src/providers/sms/resend-cooldown';
import type { SmsVerificationProvider } from '../../../src/providers/sms/sms-verification-provider';

/** A provider that counts sends and answers what it is told (a stand-in for the vendor, not for our code). */
function countingProvider(sent: () => boolean = () => true) {
  const sends: string[] = [];
  const provider: SmsVerificationProvider = {
    send: (phone) => {
      sends.push(phone);
      return Promise.resolve({ sent: sent() });
    },
    check: () => Promise.resolve({ status: 'approved' }),
  };
  return { provider, sends };
}

describe('withResendCooldown (§9 resend cooldown 30000 ms)', () => {
  it('is 30 seconds', () => {
    expect(RESEND_COOLDOWN_MS).toBe(30_000);
  });

  it('refuses a resend to the same phone for 30 s, telling how long to wait', async () => {
    let now = 0;
    const inner = countingProvider();
    const sms = withResendCooldown(inner.provider, { now: () => now });
    expect(await sms.send('+12125551234')).toEqual({ sent: true });
    now = 1;
    expect(await sms.send('+12125551234')).toEqual({ sent: false, retryAfterMs: 29_999 });
    now = 29_999;
    expect(await sms.send('+12125551234')).toEqual({ sent: false, retryAfterMs: 1 });
    now = 30_000;
    expect(await sms.send('+12125551234')).toEqual({ sent: true });
    expect(inner.sends).toEqual(['+12125551234', '+12125551234']);
  });

  it('does not hold one phone back for another', async () => {
    const inner = countingProvider();
    const sms = withResendCooldown(inner.provider, { now: () => 0 });
    expect(await sms.send('+12125551234')).toEqual({ sent: true });
    expect(await sms.send('+13105550000')).toEqual({ sent: true });
  });

  it('lets two simultaneous requests send only once', async () => {
    const inner = countingProvider();
    const sms = withResendCooldown(inner.provider, { now: () => 0 });
    const results = await Promise.all([sms.send('+12125551234'), sms.send('+12125551234')]);
    expect(results.filter((r) => r.sent)).toHaveLength(1);
    expect(inner.sends).toHaveLength(1);
  });

  it('does not start the cooldown when the send failed', async () => {
    let ok = false;
    const inner = countingProvider(() => ok);
    const sms = withResendCooldown(inner.provider, { now: () => 0 });
    expect(await sms.send('+12125551234')).toEqual({ sent: false });
    ok = true;
    expect(await sms.send('+12125551234')).toEqual({ sent: true });
  });

  it('passes checks through untouched', async () => {
    const sms = withResendCooldown(countingProvider().provider);
    expect(await sms.check('+12125551234', '123456')).toEqual({ status: 'approved' });
  });
});
