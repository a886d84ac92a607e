/**
 * The stores under delivery, against the real database of TEST_DB: duplicate claims over the window,
 * caps that hold under concurrent transactions, buyers seeded from the file without losing an
 * operator's edits, and outcomes recorded (each kind, and a job another claim holds left alone).
 */
import { BuyerConfigSchema, type BuyerConfig, type DeliveryOutcome } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBuyers, saveBuyer, seedBuyers, setBuyerActive } from '../../src/delivery/buyer-store';
import { buyersWithFullCaps, capUsage, reserveCapPlaces } from '../../src/delivery/cap-usage';
import { createLookupKeys } from '../../src/db/lookup-keys';
import { claimContacts, contactKeys, releaseContacts } from '../../src/delivery/contact-claims';
import {
  ANSWER_EXCERPT_CHARS,
  claimJobs,
  OUTCOME_UNKNOWN_REASON,
  recordResults,
  renewLeases,
  type ClaimedJob,
  type JobResult,
} from '../../src/delivery/delivery-jobs-store';
import { TEST_DIALECT } from '../start-test-server';
import { openDatabase } from '../../src/db/open-database';
import type { DeliveryJobsTable } from '../../src/db/schema';
import type { Insertable } from 'kysely';

/** The console's further checks (buyer-checks.ts) as outside production, with no secrets set. */
const DEVELOPMENT_CHECKS = { env: {}, production: false, allowedHosts: [] };
import { openTestDatabase, type TestDatabase } from '../start-test-server';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);
const buyer = (key: string, extra: object = {}): BuyerConfig =>
  BuyerConfigSchema.parse({
    key,
    name: key,
    ids: ['1'],
    price: 10,
    target: { kind: 'http', url: 'https://b.example' },
    ...extra,
  });

describe('duplicate claims (issue 14: same phone or email within the window, default 30 days)', () => {
  const lookup = createLookupKeys('delivery-stores-test-secret-32-characters');
  const keys = contactKeys(lookup, { email: 'Ana@Example.com ', phone: '(512) 555-0199' });
  const claim = (leadId: string, now: Date, buyerKey = 'claims', windowDays = 30) =>
    claimContacts(database.db, { buyerKey, keys, leadId, now, windowDays });

  it('keys contacts by a keyed hash of their normal form, never the raw value', () => {
    expect(keys).toEqual(contactKeys(lookup, { email: 'ana@example.com', phone: '5125550199' }));
    expect(keys.join()).not.toMatch(/ana|5125550199/);
  });

  it('lets one lead claim a contact at a buyer, refuses another within the window, takes over after it', async () => {
    expect(await claim('lead-1', t0)).toBe(true);
    expect(await claim('lead-2', at(29))).toBe(false);
    expect(await claim('lead-2', at(29), 'other-buyer')).toBe(true);
    expect(await claim('lead-3', at(31))).toBe(true);
  });

  it('refuses when either the email or the phone is held, and leaves no half claim behind', async () => {
    await claimContacts(database.db, {
      buyerKey: 'half',
      keys: [keys[1]!],
      leadId: 'phone-owner',
      now: t0,
      windowDays: 30,
    });
    expect(await claim('both', at(1), 'half')).toBe(false);
    const rows = await database.db
      .selectFrom('delivery_contact_claims')
      .selectAll()
      .where('buyer_key', '=', 'half')
      .execute();
    expect(rows.map((r) => r.lead_id)).toEqual(['phone-owner']);
  });

  it('frees a contact when the delivery ends without a sale', async () => {
    expect(await claim('sold-not', t0, 'release')).toBe(true);
    await releaseContacts(database.db, { buyerKey: 'release', leadId: 'sold-not' });
    expect(await claim('next', at(1), 'release')).toBe(true);
  });
});

describe('caps (issue 14: daily and monthly)', () => {
  it('never gives more places than the cap, even to concurrent transactions', async () => {
    const capped = buyer('capped', { caps: { daily: 5, monthly: 7 } });
    const tries = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction().execute(async (trx) => (await reserveCapPlaces(trx, capped, t0)) !== null),
      ),
    );
    expect(tries.filter(Boolean)).toHaveLength(5);
    expect(await capUsage(database.db, capped, t0)).toEqual({ day: 5, month: 5 });
    // The next day has room again, until the month is full.
    const nextDay = await Promise.all([1, 2, 3].map(() => reserveCapPlaces(database.db, capped, at(1))));
    expect(nextDay.filter((p) => p !== null)).toHaveLength(2);
    expect(await capUsage(database.db, capped, at(1))).toEqual({ day: 2, month: 7 });
  });
});

describe('caps of every shape (issue 15: each statement shape built once)', () => {
  // Each buyer's caps, and how many places it has today (the lesser cap; none: as many as asked).
  const shapes = [
    { key: 'shape-none', caps: {}, places: 6 },
    { key: 'shape-daily', caps: { daily: 3 }, places: 3 },
    { key: 'shape-monthly', caps: { monthly: 2 }, places: 2 },
    { key: 'shape-month-first', caps: { daily: 4, monthly: 3 }, places: 3 },
    { key: 'shape-day-first', caps: { daily: 2, monthly: 5 }, places: 2 },
    { key: 'shape-zero', caps: { daily: 0 }, places: 0 },
  ];

  it.each(shapes)('takes exactly the places of a buyer with caps $caps', async ({ key, caps, places }) => {
    const capped = buyer(key, { caps });
    const taken = [];
    for (let i = 0; i < 6; i++) taken.push(await reserveCapPlaces(database.db, capped, t0));
    expect(taken.filter((p) => p !== null)).toHaveLength(places);
    expect(taken.slice(0, places).every((p) => p?.day === 'day:2026-11-01' && p.month === 'month:2026-11')).toBe(true);
    // A place refused gives back the other period's: the day and the month count the places taken.
    expect(await capUsage(database.db, capped, t0)).toEqual({ day: places, month: places });
  });

  it('tells which of up to a dozen buyers are full, each in its own time zone', async () => {
    const full = new Set<string>();
    const buyers = [];
    for (let n = 0; n < 12; n++) {
      const timeZone = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'][n % 3];
      const b = buyer(`full-${n}`, { caps: n % 4 === 3 ? { monthly: 1 } : { daily: 1 }, timeZone });
      buyers.push(b);
      if (n % 2 === 0) {
        expect(await reserveCapPlaces(database.db, b, t0)).not.toBeNull();
        full.add(b.key);
      }
    }
    // One to eight capped buyers read with a statement built once; more with one built for them.
    for (const count of [1, 2, 5, 8, 9, 12]) {
      const some = buyers.slice(0, count);
      const expected = some.filter((b) => full.has(b.key)).map((b) => b.key);
      expect([...(await buyersWithFullCaps(database.db, [...some, buyer('uncapped')], t0))].sort()).toEqual(
        expected.sort(),
      );
    }
    // The next day: only the monthly caps are still full.
    const nextDay = [...(await buyersWithFullCaps(database.db, buyers, at(1)))].sort();
    expect(nextDay).toEqual(buyers.filter((b, n) => n % 4 === 3 && full.has(b.key)).map((b) => b.key));
  });
});

describe('buyers seeded from the file', () => {
  it('adds, updates, keeps an operator’s edit, and leaves buyers gone from the file as they are (issue 30)', async () => {
    const now = new Date();
    const first = await seedBuyers(
      database.db,
      { file: [buyer('keep'), buyer('edit'), buyer('gone')], environment: [] },
      now,
    );
    expect(first.added.sort()).toEqual(['edit', 'gone', 'keep']);

    expect((await saveBuyer(database.db, { ...buyer('edit'), price: 99 }, now, DEVELOPMENT_CHECKS)).ok).toBe(true);
    const second = await seedBuyers(
      database.db,
      { file: [buyer('keep', { price: 20 }), buyer('edit', { price: 11 })], environment: [] },
      now,
    );
    expect(second).toEqual({
      added: [],
      updated: ['keep'],
      keptOperatorEdits: ['edit'],
      unlisted: ['gone'],
      deactivated: [],
    });
    const stored = new Map((await listBuyers(database.db)).map((b) => [b.config.key, b]));
    expect(stored.get('keep')?.config.price).toBe(20);
    expect(stored.get('edit')).toMatchObject({ source: 'operator', config: { price: 99 } });
    expect(stored.get('gone')?.config.active).toBe(true);

    // BUYERS_FILE_DEACTIVATES_UNLISTED=on: deactivated, never deleted.
    const third = await seedBuyers(
      database.db,
      { file: [buyer('keep', { price: 20 })], environment: [], deactivateUnlisted: true },
      now,
    );
    expect(third.deactivated).toEqual(['gone']);
    expect(new Map((await listBuyers(database.db)).map((b) => [b.config.key, b.config.active])).get('gone')).toBe(
      false,
    );
  });

  it('refuses an operator’s edit with the file’s own messages, and pauses a buyer', async () => {
    const refused = await saveBuyer(
      database.db,
      { key: 'x', name: 'x', ids: [], price: -1 },
      new Date(),
      DEVELOPMENT_CHECKS,
    );
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'ids' }),
        expect.objectContaining({ field: 'price' }),
        expect.objectContaining({ field: 'target' }),
      ]),
    );
    expect(await setBuyerActive(database.db, 'keep', false, new Date())).toBe(true);
    expect((await listBuyers(database.db)).find((b) => b.config.key === 'keep')?.config.active).toBe(false);
    expect(await setBuyerActive(database.db, 'nobody', false, new Date())).toBe(false);
  });
});

/** When the test jobs' lease ran out (and they were written). */
const LEASE_RAN_OUT = new Date(t0.getTime() - 5_000).toISOString();

/** A job being sent by some worker, its lease already over. */
const sendingJob = (id: string, buyerKey: string): Insertable<DeliveryJobsTable> => ({
  id,
  lead_id: `lead-${id}`,
  lead_source: 'lead',
  buyer_key: buyerKey,
  status: 'sending',
  attempts: 1,
  price_cents: 1000,
  created_at: LEASE_RAN_OUT,
  updated_at: LEASE_RAN_OUT,
  next_attempt_at: LEASE_RAN_OUT,
  deadline_at: at(1).toISOString(),
  lease_until: LEASE_RAN_OUT,
  cap_day: null,
  cap_month: null,
  last_status: null,
  finished_at: null,
});

describe('a job whose lease ran out while its worker still holds it (issue 29)', () => {
  it('is not taken as lost by that worker, and is by another', async () => {
    const id = `held-${Date.now()}`;
    await database.db.insertInto('delivery_jobs').values(sendingJob(id, 'held-buyer')).execute();
    const claim = (holding: ReadonlySet<string>) =>
      claimJobs(database.db, TEST_DIALECT, {
        ids: [id],
        limit: 10,
        now: t0,
        leaseMs: 1_500,
        worker: 'test',
        sellsTwice: () => true,
        holding,
      });
    // Its own worker, late with the heartbeat: the attempt in progress stays as it is.
    expect(await claim(new Set([id]))).toEqual([]);
    const still = await database.db.selectFrom('delivery_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    expect(still).toMatchObject({ status: 'sending', attempts: 1 });
    // Another worker (its holder died): the lost attempt to a buyer that does not dedupe waits for an operator.
    expect(await claim(new Set())).toEqual([]);
    const lost = await database.db.selectFrom('delivery_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    expect(lost?.status).toBe('outcome_unknown');
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('the lease heartbeat on PostgreSQL (issue 32)', () => {
  it('renews the jobs it can, and skips, without waiting, one whose outcome is being recorded', async () => {
    const ids = [`beat-a-${Date.now()}`, `beat-b-${Date.now()}`];
    await database.db
      .insertInto('delivery_jobs')
      .values(ids.map((id) => sendingJob(id, 'beat-buyer')))
      .execute();
    // Another connection to the same database, as another worker's transaction would be.
    const recording = await openDatabase(database.location);
    try {
      // A recording transaction holds the first job's row; while it does, the heartbeat passes it by.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const transaction = recording.transaction().execute(async (trx) => {
        await trx.updateTable('delivery_jobs').set({ reason: 'recording' }).where('id', '=', ids[0]!).execute();
        locked();
        await held;
      });
      await isLocked;
      const renewed = await Promise.race([
        renewLeases(database.db, ids, t0, 60_000).then(() => 'renewed'),
        new Promise((resolve) => setTimeout(() => resolve('waited on the locked row'), 3_000)),
      ]);
      release();
      await transaction;
      expect(renewed).toBe('renewed');
      const leases = await database.db
        .selectFrom('delivery_jobs')
        .select(['id', 'lease_until'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(leases).toEqual([
        { id: ids[0], lease_until: LEASE_RAN_OUT },
        { id: ids[1], lease_until: new Date(t0.getTime() + 60_000).toISOString() },
      ]);
    } finally {
      await recording.destroy();
    }
  });
});

describe('recording outcomes (recordResults; issue 32: on PostgreSQL the whole batch in one statement)', () => {
  const startedAt = new Date(t0.getTime() - 2_000);
  const attempt = (
    outcome: DeliveryOutcome,
    extra: { retryAt?: Date | null; outcomeUnknown?: boolean; httpStatus?: number | null } = {},
  ): JobResult => ({
    kind: 'attempt',
    outcome,
    startedAt,
    latencyMs: 123.4,
    httpStatus: extra.httpStatus === undefined ? 200 : extra.httpStatus,
    answerText: `answer ${'é'.repeat(300)}`,
    retryAt: extra.retryAt ?? null,
    outcomeUnknown: extra.outcomeUnknown ?? false,
  });
  const retryAt = new Date(t0.getTime() + 60_000);
  const holdUntil = new Date(t0.getTime() + 30_000);
  // Each job's outcome, and what its row, attempt and contact claim become.
  const cases: {
    name: string;
    result: JobResult;
    row: Record<string, unknown>;
    attempted: boolean;
    releases: boolean;
  }[] = [
    {
      name: 'accepted',
      result: attempt({ kind: 'accepted', message: 'ok' }),
      row: { status: 'accepted', reason: '', attempts: 1, finished_at: t0.toISOString(), last_status: 200 },
      attempted: true,
      releases: false,
    },
    {
      name: 'rejected',
      result: attempt({ kind: 'rejected', message: 'no thanks' }),
      row: { status: 'rejected', reason: 'no thanks', finished_at: t0.toISOString() },
      attempted: true,
      releases: true,
    },
    {
      name: 'duplicate',
      result: attempt({ kind: 'duplicate', message: 'seen it' }),
      row: { status: 'duplicate', reason: 'seen it', finished_at: t0.toISOString() },
      attempted: true,
      releases: true,
    },
    {
      name: 'retrying',
      result: attempt({ kind: 'failed', failure: 'http-status', message: 'busy' }, { retryAt, httpStatus: 503 }),
      row: { status: 'retrying', next_attempt_at: retryAt.toISOString(), finished_at: null, last_status: 503 },
      attempted: true,
      releases: false,
    },
    {
      name: 'dead',
      result: attempt({ kind: 'failed', failure: 'network', message: 'refused' }, { httpStatus: null }),
      row: { status: 'dead', reason: 'retry window over; last: refused', last_status: null },
      attempted: true,
      releases: true,
    },
    {
      name: 'outcome_unknown',
      result: attempt({ kind: 'failed', failure: 'timeout', message: 'no answer' }, { outcomeUnknown: true }),
      row: { status: 'outcome_unknown', reason: `${OUTCOME_UNKNOWN_REASON} (no answer)`, finished_at: null },
      attempted: true,
      releases: false,
    },
    {
      name: 'skipped',
      result: { kind: 'skipped', reason: 'suppressed' },
      row: { status: 'skipped', reason: 'suppressed', last_status: null, last_answer: '' },
      attempted: false,
      releases: true,
    },
    {
      name: 'held',
      result: { kind: 'held', until: holdUntil, reason: 'buyer paused' },
      row: { status: 'queued', attempts: 0, next_attempt_at: holdUntil.toISOString(), finished_at: null },
      attempted: false,
      releases: false,
    },
  ];

  it('writes each outcome, its attempt and its give-backs, and leaves a job another claim holds alone', async () => {
    const run = `rec-${Date.now()}`;
    const idOf = (name: string) => `${run}-${name}`;
    const stale = idOf('stale');
    const jobs = [...cases.map((c) => sendingJob(idOf(c.name), 'rec-buyer')), sendingJob(stale, 'rec-buyer')].map(
      (job) => ({ ...job, cap_day: '2026-11-01', cap_month: '2026-11' }),
    );
    await database.db.insertInto('delivery_jobs').values(jobs).execute();
    // The stale one was taken over by another worker since (its second attempt): this outcome is not its.
    await database.db.updateTable('delivery_jobs').set({ attempts: 2 }).where('id', '=', stale).execute();
    for (const job of jobs) {
      await claimContacts(database.db, {
        buyerKey: 'rec-buyer',
        keys: [`email:${job.id}`],
        leadId: job.lead_id,
        now: t0,
        windowDays: 30,
      });
    }
    const claimed = (id: string): ClaimedJob => ({
      ...sendingJob(id, 'rec-buyer'),
      cap_day: '2026-11-01',
      cap_month: '2026-11',
      reason: '',
      last_answer: '',
      bid_id: '',
      bid_ref: '',
      attempts: 1,
      status: 'sending',
      lease_until: LEASE_RAN_OUT,
      last_status: null,
      finished_at: null,
      interrupted: false,
    });
    const settled = [
      ...cases.map((c) => ({ job: claimed(idOf(c.name)), result: c.result })),
      { job: claimed(stale), result: attempt({ kind: 'accepted', message: 'late' }) },
    ];

    const recorded = await database.db.transaction().execute((trx) => recordResults(trx, settled, t0, 'rec-worker'));

    expect([...recorded.updated].sort()).toEqual(cases.map((c) => idOf(c.name)).sort());
    expect(recorded.giveBack).toEqual(
      cases.filter((c) => c.releases).map(() => ({ buyerKey: 'rec-buyer', day: '2026-11-01', month: '2026-11' })),
    );
    const rows = await database.db.selectFrom('delivery_jobs').selectAll().where('id', 'like', `${run}-%`).execute();
    const attempts = await database.db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('job_id', 'like', `${run}-%`)
      .execute();
    const claims = await database.db
      .selectFrom('delivery_contact_claims')
      .select('contact_key')
      .where('buyer_key', '=', 'rec-buyer')
      .where('contact_key', 'like', `email:${run}-%`)
      .execute();
    for (const c of cases) {
      const row = rows.find((r) => r.id === idOf(c.name));
      expect(row, c.name).toMatchObject({ updated_at: t0.toISOString(), lease_until: null, ...c.row });
      const mine = attempts.filter((a) => a.job_id === idOf(c.name));
      if (c.attempted) {
        const result = c.result.kind === 'attempt' ? c.result : undefined;
        expect(mine, c.name).toEqual([
          expect.objectContaining({
            attempt: 1,
            started_at: startedAt.toISOString(),
            latency_ms: 123,
            outcome: result?.outcome.kind,
            failure: result?.outcome.kind === 'failed' ? result.outcome.failure : '',
            http_status: result?.httpStatus ?? null,
            worker: 'rec-worker',
          }),
        ]);
        // The buyer's answer kept as an excerpt (issue 29), with the row's last answer.
        expect(mine[0]?.answer_excerpt, c.name).toHaveLength(ANSWER_EXCERPT_CHARS);
        expect(row?.last_answer, c.name).toBe(mine[0]?.answer_excerpt);
      } else {
        expect(mine, c.name).toEqual([]);
      }
      expect(
        claims.some((k) => k.contact_key === `email:${idOf(c.name)}`),
        `${c.name} keeps its claim`,
      ).toBe(!c.releases);
    }
    // The job another claim holds: untouched, no attempt, its claim kept.
    expect(rows.find((r) => r.id === stale)).toMatchObject({ status: 'sending', attempts: 2, finished_at: null });
    expect(attempts.filter((a) => a.job_id === stale)).toEqual([]);
    expect(claims.some((k) => k.contact_key === `email:${stale}`)).toBe(true);
  });

  it('records nothing for an empty batch', async () => {
    expect(await recordResults(database.db, [], t0, 'rec-worker')).toEqual({ updated: [], giveBack: [] });
  });
});
