/** Buyers files, fast delivery settings and waiting on the database, for the delivery tests. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LEAD_PROSPER_ANSWER, type BuyerConfigInput } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { SURVEY_WALK } from '../lead-body';

/**
 * Retries every 100–300 ms, time-outs after 500 ms, a poll every 25 ms, a lease of 1.5 s: failures and a
 * dead worker's jobs play out in seconds.
 */
export const FAST_DELIVERY_ENV: Record<string, string> = {
  DELIVERY_POLL_MS: '25',
  DELIVERY_TIMEOUT_MS: '500',
  DELIVERY_LEASE_MS: '1500',
  DELIVERY_RETRY_BASE_MS: '100',
  DELIVERY_RETRY_MAX_DELAY_MS: '300',
  DELIVERY_RETRY_WINDOW_MS: '60000',
  DELIVERY_QUEUE_MAINTENANCE_SECONDS: '1',
};

/** Lead Prosper's {status: ACCEPTED|DUPLICATED|ERROR}, as the fake buyer answers. */
export const LEAD_PROSPER_STYLE = LEAD_PROSPER_ANSWER;

/**
 * A buyer that takes only the leads whose sub_id is its key, so each test's leads go to the buyer the
 * test means, whatever the others do. Like the fake buyer it posts to, it answers a repeated
 * Idempotency-Key as the first (dedupe: idempotency-key), so failures are retried; the tests of a buyer
 * that does not dedupe say so (issue 31).
 */
export function scenarioBuyer(key: string, url: string, extra: Partial<BuyerConfigInput> = {}): BuyerConfigInput {
  return {
    key,
    name: `Firm ${key}`,
    ids: [String(1000 + key.length * 7 + key.charCodeAt(0))],
    price: 50,
    dedupe: 'idempotency-key',
    criteria: { fields: [{ field: 'sub_id', in: [key] }] },
    target: { kind: 'http', url, answer: LEAD_PROSPER_STYLE },
    ...extra,
  };
}

/**
 * Issue 32: a ping-post buyer of a scenario (the leads whose sub_id is `scenario`), pinged at the fake
 * server's `ping-<key>` within `deadlineMs`, posted at `<key>`; no price of its own (its bid is the price).
 */
export function scenarioPingBuyer(
  fake: { url(firm: string): string },
  key: string,
  scenario: string,
  deadlineMs: number,
): BuyerConfigInput {
  return scenarioBuyer(key, fake.url(key), {
    price: 0,
    criteria: { fields: [{ field: 'sub_id', in: [scenario] }] },
    ping: { kind: 'json', url: fake.url(`ping-${key}`), deadlineMs },
  });
}

export function writeBuyersFile(buyers: readonly BuyerConfigInput[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'buyers-')), 'buyers.json');
  writeFileSync(file, JSON.stringify(buyers));
  return file;
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function jobsOf(db: Kysely<Database>, leadId: string) {
  return db.selectFrom('delivery_jobs').selectAll().where('lead_id', '=', leadId).orderBy('buyer_key').execute();
}

/** A lead's jobs (by buyer) once it has `count` and every one is finished. */
export function finishedJobsOf(db: Kysely<Database>, leadId: string, count: number, timeoutMs = 15_000) {
  return waitFor(
    () => jobsOf(db, leadId),
    (jobs) => jobs.length === count && jobs.every((job) => isFinal(job.status)),
    timeoutMs,
  );
}

export function attemptsOf(db: Kysely<Database>, jobId: string) {
  return db.selectFrom('delivery_attempts').selectAll().where('job_id', '=', jobId).orderBy('attempt').execute();
}

export async function routingOf(db: Kysely<Database>, leadId: string) {
  const row = await db.selectFrom('lead_routing').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  return row && { ...row, buyers: JSON.parse(row.buyers) as { buyer: string; result: string; reason?: string }[] };
}

const FINAL = ['accepted', 'duplicate', 'rejected', 'dead', 'skipped'];
export const isFinal = (status: string) => FINAL.includes(status);

/** The buyers-consent variant's walk (/survey/v4nv-ep, §4 "Consent variant"): PhoneAndBuyersConsent last. */
export const CONSENT_WALK = [
  ...SURVEY_WALK.filter((step) => !['AutoAccidentCaseWorth', 'NameAndEmail', 'PhoneAndZip'].includes(step)),
  'ZipCode',
  'NameAndEmail',
  'PhoneAndBuyersConsent',
];

/** A lead from /survey/v4nv-ep whose visitor gave one-to-one consent to the buyers in `selected_buyers`. */
export function consentBody(base: Record<string, unknown>, selectedBuyers: string): Record<string, unknown> {
  // The consent variant asks no case worth and has the V4 fault answers.
  const rest = { ...base };
  delete rest.case_worth_known;
  delete rest.fault_cause;
  return {
    ...rest,
    variant: 'v4nv-consent',
    landing_page_url: 'http://localhost:3000/survey/v4nv-ep',
    steps_path: CONSENT_WALK,
    partial_fault: 'no',
    '1_to_1_consent': 'yes',
    selected_buyers: selectedBuyers,
  };
}
