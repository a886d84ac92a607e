import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLookupKeys } from '../../../src/db/lookup-keys';
import { createSmsCodeStore } from '../../../src/db/sms-code-store';
import {
  CODE_TTL_MS,
  createOfflineSmsProvider,
  MAX_WRONG_ATTEMPTS,
} from '../../../src/providers/sms/offline-sms-provider';
import type { SmsVerificationProvider } from '../../../src/providers/sms/sms-verification-provider';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from '../../start-test-server';
import { createRecordingLogger } from '../recording-logger';

const PHONE = '+12125551234';
let log: ReturnType<typeof createRecordingLogger>;
let now: number;
let provider: SmsVerificationProvider;
let database: TestDatabase;
// A fresh secret per test: each test's codes are keyed apart, though they share one database.
let secretCount = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The code the provider logged last: what the developer reads from the log. */
function loggedCode(): string {
  const line = log.lines.findLast((l) => 'code' in l.obj);
  const code: unknown = line && 'code' in line.obj ? line.obj.code : undefined;
  if (typeof code !== 'string') throw new Error('no code logged');
  return code;
}

function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

beforeEach(() => {
  log = createRecordingLogger();
  now = Date.parse('2026-11-22T12:00:00Z');
  secretCount += 1;
  const keys = createLookupKeys(`offline-sms-provider-test-secret-${secretCount}-padding`);
  provider = createOfflineSmsProvider({
    logger: log.logger,
    codes: createSmsCodeStore(database.db),
    keyOf: (phone) => keys.of('phone', phone),
    logCodes: true,
    now: () => new Date(now),
  });
});

describe(`offline SMS verification provider (codes in ${TEST_DIALECT})`, () => {
  it('logs a 6-digit code, not the phone, and approves it once', async () => {
    expect(await provider.send(PHONE)).toEqual({ sent: true });
    const code = loggedCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(log.text()).not.toContain('5551234');
    expect(log.lines[0]?.obj).toMatchObject({ phone_ref: expect.stringMatching(/^[0-9a-f]{12}$/) });

    expect(await provider.check(PHONE, code)).toEqual({ status: 'approved' });
    // A code works once.
    expect(await provider.check(PHONE, code)).toEqual({ status: 'pending' });
  });

  it('accepts the code with surrounding spaces', async () => {
    await provider.send(PHONE);
    expect(await provider.check(PHONE, ` ${loggedCode()} `)).toEqual({ status: 'approved' });
  });

  it('refuses a wrong code, a code for another phone and a check with no send', async () => {
    expect(await provider.check(PHONE, '123456')).toEqual({ status: 'pending' });
    await provider.send(PHONE);
    const code = loggedCode();
    expect(await provider.check(PHONE, wrong(code))).toEqual({ status: 'pending' });
    expect(await provider.check('+13105550000', code)).toEqual({ status: 'pending' });
    expect(await provider.check(PHONE, code)).toEqual({ status: 'approved' });
  });

  it(`discards the code after ${MAX_WRONG_ATTEMPTS} wrong attempts`, async () => {
    await provider.send(PHONE);
    const code = loggedCode();
    for (let i = 0; i < MAX_WRONG_ATTEMPTS; i++)
      expect(await provider.check(PHONE, wrong(code))).toEqual({ status: 'pending' });
    expect(await provider.check(PHONE, code)).toEqual({ status: 'pending' });
  });

  it(`still accepts the right code after ${MAX_WRONG_ATTEMPTS - 1} wrong attempts`, async () => {
    await provider.send(PHONE);
    const code = loggedCode();
    for (let i = 0; i < MAX_WRONG_ATTEMPTS - 1; i++) await provider.check(PHONE, wrong(code));
    expect(await provider.check(PHONE, code)).toEqual({ status: 'approved' });
  });

  it('does not count malformed codes as attempts', async () => {
    await provider.send(PHONE);
    const code = loggedCode();
    for (const typed of ['', '12345', '1234567', 'abcdef', '12 345', '１２３４５６', '12345', '1', '22', '333']) {
      expect(await provider.check(PHONE, typed)).toEqual({ status: 'pending' });
    }
    expect(await provider.check(PHONE, code)).toEqual({ status: 'approved' });
  });

  it('expires the code after 10 minutes', async () => {
    await provider.send(PHONE);
    const code = loggedCode();
    now += CODE_TTL_MS - 1;
    await provider.send('+13105550000');
    const other = loggedCode();
    expect(await provider.check(PHONE, code)).toEqual({ status: 'approved' });

    now += CODE_TTL_MS;
    expect(await provider.check('+13105550000', other)).toEqual({ status: 'pending' });
  });

  it('replaces the code on resend: the old one stops working, attempts start again', async () => {
    await provider.send(PHONE);
    const first = loggedCode();
    for (let i = 0; i < MAX_WRONG_ATTEMPTS - 1; i++) await provider.check(PHONE, wrong(first));
    await provider.send(PHONE);
    const second = loggedCode();
    if (second !== first) expect(await provider.check(PHONE, first)).toEqual({ status: 'pending' });
    for (let i = 0; i < MAX_WRONG_ATTEMPTS - 2; i++) await provider.check(PHONE, wrong(second));
    expect(await provider.check(PHONE, second)).toEqual({ status: 'approved' });
  });

  it("keeps only a salted hash of the code, under the phone's lookup key", async () => {
    await provider.send(PHONE);
    const code = loggedCode();
    const rows = await database.db.selectFrom('sms_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('5551234');
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('writes no code to the log when logCodes is off (production)', async () => {
    const quiet = createOfflineSmsProvider({
      logger: log.logger,
      codes: createSmsCodeStore(database.db),
      keyOf: (phone) => `quiet-${phone}`,
      logCodes: false,
    });
    expect(await quiet.send(PHONE)).toEqual({ sent: true });
    expect(log.lines.some((line) => 'code' in line.obj)).toBe(false);
  });

  it('refuses to send to a phone that is not US E.164', async () => {
    for (const phone of ['2125551234', '(212) 555-1234', '+442079460958', '']) {
      expect(await provider.send(phone)).toEqual({ sent: false });
    }
    expect(log.lines).toEqual([]);
  });
});
