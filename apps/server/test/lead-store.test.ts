import { buildLeadRecord, LeadSubmissionSchema, type Lead } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupKeys } from '../src/db/lookup-keys';
import { storeLead, storeLeadWithChecks } from '../src/db/lead-store';
import type { ValidationEntry } from '../src/db/validation-store';
import { leadBody } from './lead-body';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

const NOW = new Date('2026-11-22T15:00:00Z');
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function makeLead(overrides: Record<string, unknown> = {}) {
  const submission = LeadSubmissionSchema.parse(leadBody(overrides));
  const lead = buildLeadRecord(
    submission,
    {
      receivedAt: NOW,
      place: { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' },
      ipAddress: '203.0.113.7',
      userAgent: 'store-test',
      secGpc: true,
      isGibberish: null,
      suppressed: false,
      contactChecks: { phone: 'passed', phoneReason: '', email: 'passed', emailReason: '' },
      consentFor: () => ({ version: 'v-test', text: submission.tcpa }),
    },
    'post-lead',
  );
  return { submission, lead };
}

function row(id: string) {
  return database.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe(`storeLead (${TEST_DIALECT})`, () => {
  it('stores a new lead with its consent evidence in columns', async () => {
    const { submission, lead } = makeLead();
    expect(await storeLead(database.db, submission, lead)).toEqual({ id: lead.lead_id, created: true });
    const stored = await row(lead.lead_id);
    expect(stored).toMatchObject({
      received_at: '2026-11-22T15:00:00.000Z',
      language: 'en',
      email: 'maria@example.com',
      phone: '5125550100',
      tcpa: 'By clicking Get My Free Case Review you agree to be contacted.',
      landing_page_url: 'http://localhost:3000/survey?sub1=abc',
      ip_address: '203.0.113.7',
      user_agent: 'store-test',
      trusted_form_cert_id: '',
      jornaya_leadid: '',
      sec_gpc: 'yes',
      is_disqualified: 0,
    });
    expect(JSON.parse(stored.lead)).toMatchObject({ lead_id: lead.lead_id, city: 'Austin' });
    expect(JSON.parse(stored.submission)).toMatchObject({ lead_id: lead.lead_id, first_name: 'Maria' });
  });

  it('stores the consent certificate ids once the lead carries them', async () => {
    const { submission, lead } = makeLead();
    const withCertificates: Lead = Object.assign({}, lead, {
      trusted_form_cert_id: 'https://cert.trustedform.com/abc',
      leadid_token: 'JORNAYA-123',
    });
    await storeLead(database.db, submission, withCertificates);
    expect(await row(lead.lead_id)).toMatchObject({
      trusted_form_cert_id: 'https://cert.trustedform.com/abc',
      jornaya_leadid: 'JORNAYA-123',
    });
  });

  it('keeps the first lead for a repeated id and says it was not created', async () => {
    const first = makeLead();
    await storeLead(database.db, first.submission, first.lead);
    const again = makeLead({ lead_id: first.lead.lead_id, first_name: 'Changed', email: 'other@example.com' });
    expect(await storeLead(database.db, again.submission, again.lead)).toEqual({
      id: first.lead.lead_id,
      created: false,
    });
    expect((await row(first.lead.lead_id)).email).toBe('maria@example.com');
  });

  it('creates exactly one row when twelve inserts of one id race', async () => {
    const { submission, lead } = makeLead();
    const results = await Promise.all(Array.from({ length: 12 }, () => storeLead(database.db, submission, lead)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const count = await database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe(`storeLeadWithChecks (${TEST_DIALECT}; issue 15: one statement on PostgreSQL)`, () => {
  const keys = createLookupKeys('lead-store-test-secret-32-characters!');
  const checksOf = (email: string): ValidationEntry[] => [
    { kind: 'phone', key: keys.of('phone', '5125550100'), blocked: false, result: { valid: true }, createdAt: NOW },
    { kind: 'email', key: keys.of('email', email), blocked: true, result: { reason: 'no_mx' }, createdAt: NOW },
  ];
  const otherColumns = (stored: object) =>
    Object.fromEntries(
      Object.entries(stored).filter(([column]) => !['id', 'seq', 'email', 'lead', 'submission'].includes(column)),
    );
  const resultsOf = (key: string) =>
    database.db
      .selectFrom('validation_results')
      .select(['kind', 'blocked', 'result', 'created_at'])
      .where('key', '=', key)
      .execute();

  it.each([0, 1, 2])('stores the lead as storeLead does, with %i check results', async (count) => {
    const email = `with-checks-${count}@example.com`;
    const checks = checksOf(email).slice(2 - count);
    const { submission, lead } = makeLead({ email });
    const alone = makeLead({ email: `alone-${count}@example.com` });
    expect(await storeLeadWithChecks(database.db, checks, submission, lead, { experimentId: 'x1', arm: 'b' })).toEqual({
      id: lead.lead_id,
      created: true,
    });
    await storeLead(database.db, alone.submission, alone.lead, { experimentId: 'x1', arm: 'b' });
    const stored = await row(lead.lead_id);
    expect([stored.email, JSON.parse(stored.lead), JSON.parse(stored.submission)]).toEqual([email, lead, submission]);
    // Every other column as storeLead writes it (the two leads differ in their id, email and sequence number only).
    expect(otherColumns(stored)).toEqual(otherColumns(await row(alone.lead.lead_id)));
    const results = await resultsOf(keys.of('email', email));
    expect(results).toEqual(
      count > 0 ? [{ kind: 'email', blocked: 1, result: '{"reason":"no_mx"}', created_at: NOW.toISOString() }] : [],
    );
  });

  it('records the check results of a repeat too, and keeps the first lead', async () => {
    const email = 'repeat-with-checks@example.com';
    const first = makeLead({ email });
    await storeLeadWithChecks(database.db, checksOf(email), first.submission, first.lead);
    const again = makeLead({ lead_id: first.lead.lead_id, first_name: 'Changed' });
    expect(await storeLeadWithChecks(database.db, checksOf(email), again.submission, again.lead)).toEqual({
      id: first.lead.lead_id,
      created: false,
    });
    expect(JSON.parse((await row(first.lead.lead_id)).lead)).toMatchObject({ first_name: 'Maria' });
    expect(await resultsOf(keys.of('email', email))).toHaveLength(2);
  });
});
