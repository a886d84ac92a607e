/**
 * Issue 15: the one read per lead (db/lead-check-reads.ts) answers what the store reads it replaces answer:
 * the newest reusable check results, the day's email blocks, the suppression list and the SMS approval, on
 * both databases; and the verdict of a lead already stored under the id (a repeat is answered with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLeadChecks, type LeadCheckKeys } from '../src/db/lead-check-reads';
import { storedVerdictOf } from '../src/db/lead-store';
import { createLookupKeys } from '../src/db/lookup-keys';
import { recordSmsVerification } from '../src/db/sms-verification-store';
import { addSuppression } from '../src/db/suppression-store';
import { recordValidations, type ValidationKind } from '../src/db/validation-store';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

const keys = createLookupKeys('a-test-secret-of-at-least-32-characters');
const NOW = new Date('2026-11-20T12:00:00Z');
const HOUR = 60 * 60_000;

function contact(n: number): LeadCheckKeys {
  const email = `reader.${n}@example.com`;
  const phone = `51255501${String(n).padStart(2, '0')}`;
  return {
    leadId: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    email,
    phone,
    emailKey: keys.of('email', email),
    phoneKey: keys.of('phone', phone),
    reuseSince: new Date(NOW.getTime() - 24 * HOUR),
    blocksSince: new Date(NOW.getTime() - 24 * HOUR),
    at: NOW,
  };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`one read of a lead's checks (${TEST_DIALECT})`, () => {
  it('a contact never seen: no results, no blocks, not suppressed, not verified', async () => {
    expect(await readLeadChecks(database.db, contact(1))).toEqual({
      stored: undefined,
      phone: { result: undefined },
      email: { result: undefined, blocks: 0 },
      suppressed: false,
      smsVerified: false,
    });
  });

  it('a lead stored under the id: its stored verdict, read back as storedVerdictOf reads it', async () => {
    const c = contact(7);
    await database.db
      .insertInto('leads')
      .values({
        variant: '',
        language: '',
        zip_code: '',
        state: '',
        affid: '',
        oid: '',
        sub_id: '',
        tcpa: '',
        landing_page_url: '',
        ip_address: '',
        user_agent: '',
        trusted_form_cert_id: '',
        jornaya_leadid: '',
        sec_gpc: '',
        claimed_variant: '',
        submission_problems: '',
        phone_check: '',
        email_check: '',
        consent_version: '',
        consent_mismatch: '',
        id: c.leadId,
        received_at: NOW.toISOString(),
        email: c.email,
        phone: c.phone,
        lead_is_qualified: 'no',
        is_disqualified: 1,
        dq_reason: 'has_attorney|yes',
        submission: '{}',
        lead: '{}',
        bad_words_forwarded_at: null,
        anonymized_at: null,
      })
      .execute();
    const reads = await readLeadChecks(database.db, c);
    expect(reads.stored).toEqual({ is_disqualified: true, dq_reason: 'has_attorney|yes', lead_is_qualified: 'no' });
    expect(reads.stored).toEqual(await storedVerdictOf(database.db, 'leads', c.leadId));
  });

  it('the newest result within the reuse window, and only blocked emails of the window counted', async () => {
    const c = contact(2);
    const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR);
    const entries: [ValidationKind, boolean, string, number][] = [
      ['phone', false, 'old', 30],
      ['phone', false, 'older', 3],
      ['phone', false, 'newest', 1],
      ['email', true, 'too old', 25],
      ['email', true, 'block', 2],
      ['email', false, 'pass', 1],
    ];
    await recordValidations(
      database.db,
      entries.map(([kind, blocked, n, hoursAgo]) => ({
        kind,
        key: kind === 'phone' ? c.phoneKey : c.emailKey,
        blocked,
        result: { n },
        createdAt: at(hoursAgo),
      })),
    );
    const reads = await readLeadChecks(database.db, c);
    expect(reads.phone.result).toEqual({ n: 'newest' });
    expect(reads.email).toEqual({ result: { n: 'pass' }, blocks: 1 });

    const outside = await readLeadChecks(database.db, { ...c, reuseSince: at(0.5), blocksSince: at(0.5) });
    expect(outside.phone.result).toBeUndefined();
    expect(outside.email).toEqual({ result: undefined, blocks: 0 });
  });

  it('suppressed by the email or by the phone alone', async () => {
    const byEmail = contact(3);
    const byPhone = contact(4);
    await addSuppression(database.db, { email: byEmail.email.toUpperCase(), reason: 'opt-out', addedAt: NOW });
    await addSuppression(database.db, { phone: `+1 ${byPhone.phone}`, reason: 'opt-out', addedAt: NOW });
    expect((await readLeadChecks(database.db, byEmail)).suppressed).toBe(true);
    expect((await readLeadChecks(database.db, byPhone)).suppressed).toBe(true);
    expect((await readLeadChecks(database.db, contact(5))).suppressed).toBe(false);
  });

  it("an SMS approval verifies the phone's leads for a day after it, not before", async () => {
    const c = contact(6);
    await recordSmsVerification(database.db, c.phoneKey, new Date(NOW.getTime() - 2 * HOUR));
    expect((await readLeadChecks(database.db, c)).smsVerified).toBe(true);
    expect((await readLeadChecks(database.db, { ...c, at: new Date(NOW.getTime() + 23 * HOUR) })).smsVerified).toBe(
      false,
    );
    expect((await readLeadChecks(database.db, { ...c, at: new Date(NOW.getTime() - 3 * HOUR) })).smsVerified).toBe(
      false,
    );
  });
});
