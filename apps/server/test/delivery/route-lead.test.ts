/**
 * Routing writes a lead's delivery jobs and its routing row in its transaction (issue 14); on PostgreSQL the
 * two in one statement (issue 15). Against the real database of TEST_DB: the rows written are the ones the
 * routing result names, for one buyer and for several.
 */
import { buildLeadRecord, BuyerConfigSchema, LeadSubmissionSchema, type BuyerConfig } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupKeys } from '../../src/db/lookup-keys';
import { routeLead } from '../../src/delivery/route-lead';
import type { DeliveryQueue, QueuedJob } from '../../src/delivery/job-queue';
import { leadBody } from '../lead-body';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from '../start-test-server';

const NOW = new Date('2026-11-22T15:00:00Z');
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const buyer = (key: string, price: number): BuyerConfig =>
  BuyerConfigSchema.parse({ key, name: key, ids: ['1'], price, target: { kind: 'http', url: 'https://b.example' } });

/** A new visitor's qualified lead (each its own email and phone: routing claims both at a buyer). */
function lead(n: number) {
  const submission = LeadSubmissionSchema.parse(leadBody({ email: `route-${n}@example.com`, phone: `51255502${n}0` }));
  return buildLeadRecord(
    submission,
    {
      receivedAt: NOW,
      place: { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' },
      ipAddress: '203.0.113.7',
      userAgent: 'route-test',
      secGpc: false,
      isGibberish: 'no',
      suppressed: false,
      contactChecks: { phone: 'passed', phoneReason: '', email: 'passed', emailReason: '' },
      consentFor: () => ({ version: 'v-test', text: submission.tcpa }),
    },
    'post-lead',
  );
}

describe(`routeLead's rows (${TEST_DIALECT})`, () => {
  const keys = createLookupKeys('route-lead-test-secret-32-characters!!');
  const buyers = [buyer('route-a', 50), buyer('route-b', 40), buyer('route-c', 30)];

  it.each([1, 2, 3])('writes the jobs and the routing row the result names, for %i buyers', async (wanted) => {
    const stored = lead(wanted);
    const enqueued: QueuedJob[] = [];
    const queue: Pick<DeliveryQueue, 'enqueue'> = {
      enqueue: (_trx, jobs) => {
        enqueued.push(...jobs);
        return Promise.resolve();
      },
    };
    const result = await database.db.transaction().execute((trx) =>
      routeLead(trx, {
        leadId: stored.lead_id,
        source: 'lead',
        lead: stored,
        buyers,
        settings: {
          rule: wanted === 1 ? { mode: 'exclusive' } : { mode: 'shared', maxBuyers: wanted },
          duplicateWindowDays: 30,
          retryWindowMs: 60_000,
        },
        queue: { ...fakeQueue, ...queue },
        keys,
        now: NOW,
      }),
    );
    expect(result.outcome).toBe('routed');
    expect(result.jobs.map((j) => j.buyer)).toEqual(buyers.slice(0, wanted).map((b) => b.key));
    const jobs = await database.db
      .selectFrom('delivery_jobs')
      .select(['id', 'buyer_key', 'status', 'price_cents', 'next_attempt_at', 'deadline_at', 'cap_day', 'cap_month'])
      .where('lead_id', '=', stored.lead_id)
      .orderBy('price_cents', 'desc')
      .execute();
    expect(jobs).toEqual(
      result.jobs.map((job, i) => ({
        id: job.id,
        buyer_key: job.buyer,
        status: 'queued',
        price_cents: [5000, 4000, 3000][i],
        next_attempt_at: NOW.toISOString(),
        deadline_at: new Date(NOW.getTime() + 60_000).toISOString(),
        cap_day: 'day:2026-11-22',
        cap_month: 'month:2026-11',
      })),
    );
    expect(enqueued).toEqual(result.jobs.map((job) => ({ id: job.id, runAt: NOW })));
    const routing = await database.db
      .selectFrom('lead_routing')
      .selectAll()
      .where('lead_id', '=', stored.lead_id)
      .executeTakeFirstOrThrow();
    expect(routing).toMatchObject({
      lead_source: 'lead',
      outcome: 'routed',
      reason: '',
      decided_at: NOW.toISOString(),
    });
    expect(JSON.parse(routing.buyers)).toEqual(result.decisions);
  });
});

const fakeQueue: DeliveryQueue = {
  kind: 'outbox',
  enqueue: () => Promise.resolve(),
  beforeWork: () => Promise.resolve(),
  claim: () => Promise.resolve([]),
  settle: () => Promise.resolve(),
  check: () => Promise.resolve(''),
  sweep: () => Promise.resolve(0),
  stop: () => Promise.resolve(),
};
