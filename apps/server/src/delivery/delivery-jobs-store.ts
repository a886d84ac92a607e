/**
 * Delivery jobs and their attempts (issue 14). A job is one lead to one buyer, written in the lead's own
 * transaction (route-lead.ts). A worker claims a due job with a lease (status sending), sends it, and
 * records the outcome with the attempt; a job whose worker died is claimed again once its lease is over,
 * and its lost attempt is recorded as interrupted. Every update of an outcome is conditional on the
 * claim it came from, so a worker that outlived its lease can never overwrite a newer attempt.
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryOutcome } from '@app/funnel';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DbDialect } from '../db/db-dialect';
import type { Database, DeliveryAttemptsTable, DeliveryJobsTable, DeliveryStatus } from '../db/schema';
import type { CapPlacesToGiveBack } from './cap-usage';
import { dialectOf } from '../db/db-dialect';
import { releaseContacts } from './contact-claims';

export type DeliveryJob = Selectable<DeliveryJobsTable>;

/** Statuses a job is finished in. */
export const FINAL_STATUSES: readonly DeliveryStatus[] = ['accepted', 'duplicate', 'rejected', 'dead', 'skipped'];

/**
 * How much of a buyer's answer (and of an outcome's message) is kept with an attempt and shown in the
 * console: a status and a short excerpt, never a page of whatever the target answered (issue 29).
 */
export const ANSWER_EXCERPT_CHARS = 200;

export interface ClaimedJob extends DeliveryJob {
  /** The job was being sent by a worker whose lease ran out (it died): that attempt was lost. */
  interrupted: boolean;
}

/** Issue 31: why a job waits for an operator. */
export const OUTCOME_UNKNOWN_REASON =
  'outcome unknown: the buyer may have the lead and does not dedupe, so it is not sent again on its own';

/** Due jobs: queued or retrying and due, or sending with its lease over. */
function claimable(now: string) {
  return sql<boolean>`((status in ('queued', 'retrying') and next_attempt_at <= ${now}) or (status = 'sending' and lease_until < ${now}))`;
}

/** Which buyers a second post of one lead could sell to twice (BuyerConfig `dedupe` none; issue 31). */
export type SellsTwice = (buyerKey: string) => boolean;

/**
 * Takes jobs for this worker: the given ids (pg-boss hands them out), or up to `limit` due ones (the
 * SQLite outbox). Sets them sending with a lease, counts the attempt, and records lost attempts. A lost
 * attempt to a buyer that may sell twice is not sent again: its job becomes outcome_unknown (issue 31).
 */
export async function claimJobs(
  db: Kysely<Database>,
  dialect: DbDialect,
  claim: {
    ids?: readonly string[];
    /**
     * Jobs this worker still holds (claimed, being sent, their leases renewed): never taken as lost, even when
     * a late heartbeat let a lease run out (issue 29: a loaded machine turned an attempt in progress into a
     * lost one, outcome_unknown for a buyer that does not dedupe).
     */
    holding?: ReadonlySet<string>;
    /**
     * Only jobs lost by the queue (PostgreSQL takes them over directly this way): sending with their worker's
     * lease over (it died), or due since before this time (their queue entry was handed to a worker that could
     * not claim them, say during a database outage, and waits for pg-boss's expiry).
     */
    lostBefore?: Date;
    limit: number;
    now: Date;
    leaseMs: number;
    worker: string;
    sellsTwice?: SellsTwice;
  },
): Promise<ClaimedJob[]> {
  const sellsTwice = claim.sellsTwice ?? (() => false);
  if (claim.ids?.length === 0) return [];
  const now = claim.now.toISOString();
  const leaseUntil = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
  return db.transaction().execute(async (trx) => {
    let select = trx.selectFrom('delivery_jobs').selectAll().where(claimable(now));
    const holding = [...(claim.holding ?? [])];
    if (holding.length > 0) select = select.where('id', 'not in', holding);
    select = claim.ids
      ? select.where('id', 'in', [...claim.ids])
      : select.orderBy('next_attempt_at').limit(claim.limit);
    const { lostBefore } = claim;
    if (lostBefore) {
      select = select.where((eb) =>
        eb.or([eb('status', '=', 'sending'), eb('next_attempt_at', '<', lostBefore.toISOString())]),
      );
    }
    // PostgreSQL: several processes claim at once; SQLite has one writer.
    const found = await (dialect === 'postgres' ? select.forUpdate().skipLocked() : select).execute();
    if (found.length === 0) return [];
    const unknown = found.filter((r) => r.status === 'sending' && sellsTwice(r.buyer_key));
    const rows = found.filter((r) => !unknown.includes(r));
    if (unknown.length > 0) {
      await trx
        .updateTable('delivery_jobs')
        .set({ status: 'outcome_unknown', lease_until: null, reason: OUTCOME_UNKNOWN_REASON, updated_at: now })
        .where(
          'id',
          'in',
          unknown.map((r) => r.id),
        )
        .execute();
    }
    if (rows.length > 0)
      await trx
        .updateTable('delivery_jobs')
        .set((eb) => ({
          status: 'sending',
          lease_until: leaseUntil,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    const interrupted = found.filter((r) => r.status === 'sending');
    if (interrupted.length > 0) {
      await trx
        .insertInto('delivery_attempts')
        .values(
          interrupted.map((r) => ({
            id: randomUUID(),
            job_id: r.id,
            attempt: r.attempts,
            started_at: r.updated_at,
            latency_ms: 0,
            outcome: 'failed' as const,
            failure: 'interrupted',
            http_status: null,
            message: unknown.includes(r)
              ? 'the worker stopped during this attempt; not sent again: the buyer does not dedupe'
              : 'the worker stopped during this attempt; sent again with the same idempotency key',
            answer_excerpt: '',
            worker: claim.worker,
          })),
        )
        .execute();
    }
    return rows.map((r) => ({
      ...r,
      status: 'sending' as const,
      lease_until: leaseUntil,
      attempts: r.attempts + 1,
      updated_at: now,
      interrupted: r.status === 'sending',
    }));
  });
}

/** What happened to one claimed job. */
export type JobResult =
  | {
      kind: 'attempt';
      outcome: DeliveryOutcome;
      startedAt: Date;
      latencyMs: number;
      httpStatus: number | null;
      answerText: string;
      /** For a failure: when to try again, or null when the retry window is over (dead) or the outcome unknown. */
      retryAt: Date | null;
      /**
       * Issue 31: the attempt may have reached a buyer that does not dedupe: not retried, the job waits for an
       * operator (outcome_unknown).
       */
      outcomeUnknown: boolean;
    }
  /** The lead may no longer be sent (its contact was suppressed since): no attempt was made. */
  | { kind: 'skipped'; reason: string }
  /** The buyer is paused: the job waits, no attempt counted. */
  | { kind: 'held'; until: Date; reason: string };

export interface SettledJob {
  job: ClaimedJob;
  result: JobResult;
}

export function statusOf(result: JobResult): DeliveryStatus {
  if (result.kind === 'skipped') return 'skipped';
  if (result.kind === 'held') return 'queued';
  const { outcome } = result;
  if (outcome.kind !== 'failed') return outcome.kind;
  if (result.outcomeUnknown) return 'outcome_unknown';
  return result.retryAt === null ? 'dead' : 'retrying';
}

/** When the job should next be looked at (retry, or end of a hold), or null when it is finished. */
export function nextRunOf(result: JobResult): Date | null {
  if (result.kind === 'held') return result.until;
  if (result.kind === 'attempt' && result.outcome.kind === 'failed') return result.retryAt;
  return null;
}

/**
 * Records outcomes in the caller's transaction: the job's new status, the attempt, and, for a job that
 * ends without a sale, its contact claims given back. Returns the jobs it updated (a job re-claimed by
 * another worker meanwhile is left alone) and the cap places of those that ended without a sale, which the
 * caller gives back (releaseCapPlaces) as its transaction's last write: the usage rows are the busiest of
 * a sale, and their lock is held until the commit (cap-usage.ts).
 */
export async function recordResults(
  trx: Kysely<Database>,
  settled: readonly SettledJob[],
  now: Date,
  worker: string,
): Promise<{ updated: string[]; giveBack: CapPlacesToGiveBack[] }> {
  const at = now.toISOString();
  const records = settled.map((s) => recordOf(s, at, worker));
  const updated =
    dialectOf(trx) === 'postgres' ? await recordAllAtOnce(trx, records, at) : await recordOneByOne(trx, records, at);
  const done = new Set(updated);
  const giveBack = settled
    .filter(({ job, result }) => done.has(job.id) && givesBackOnRecord(statusOf(result)))
    .map(({ job }) => ({ buyerKey: job.buyer_key, day: job.cap_day, month: job.cap_month }));
  return { updated, giveBack };
}

/** Statuses whose job ends without a sale: its contact claims and cap places are given back. */
const GIVING_BACK: readonly DeliveryStatus[] = ['duplicate', 'rejected', 'dead', 'skipped'];
export const givesBackOnRecord = (status: DeliveryStatus): boolean => GIVING_BACK.includes(status);

/** One job's outcome as written: its row's new values (null: left as it is) and its attempt, if one was made. */
interface OutcomeRecord {
  id: string;
  /** The claim it came from: the row is updated only while it is still that claim's. */
  expected: number;
  buyer_key: string;
  lead_id: string;
  status: DeliveryStatus;
  reason: string;
  next_attempt_at: string | null;
  finished_at: string | null;
  attempts: number;
  attempted: boolean;
  last_status: number | null;
  last_answer: string;
  releases: boolean;
  attempt: Insertable<DeliveryAttemptsTable> | null;
}

function recordOf({ job, result }: SettledJob, at: string, worker: string): OutcomeRecord {
  const status = statusOf(result);
  const next = nextRunOf(result);
  const reason =
    result.kind === 'attempt'
      ? result.outcome.kind === 'accepted'
        ? ''
        : status === 'dead'
          ? `retry window over; last: ${result.outcome.message}`
          : status === 'outcome_unknown'
            ? `${OUTCOME_UNKNOWN_REASON} (${result.outcome.message})`
            : result.outcome.message
      : result.reason;
  const answer = result.kind === 'attempt' ? result.answerText.slice(0, ANSWER_EXCERPT_CHARS) : '';
  return {
    id: job.id,
    expected: job.attempts,
    buyer_key: job.buyer_key,
    lead_id: job.lead_id,
    status,
    reason,
    next_attempt_at: next ? next.toISOString() : null,
    finished_at: FINAL_STATUSES.includes(status) ? at : null,
    attempts: result.kind === 'held' ? job.attempts - 1 : job.attempts,
    attempted: result.kind === 'attempt',
    last_status: result.kind === 'attempt' ? result.httpStatus : null,
    last_answer: answer,
    releases: givesBackOnRecord(status),
    attempt:
      result.kind === 'attempt'
        ? {
            id: randomUUID(),
            job_id: job.id,
            attempt: job.attempts,
            started_at: result.startedAt.toISOString(),
            latency_ms: Math.round(result.latencyMs),
            outcome: result.outcome.kind,
            failure: result.outcome.kind === 'failed' ? result.outcome.failure : '',
            http_status: result.httpStatus,
            message: result.outcome.message.slice(0, ANSWER_EXCERPT_CHARS),
            answer_excerpt: answer,
            worker,
          }
        : null,
  };
}

/** SQLite (one writer, its group commit): a statement per job, then the attempts in one. */
async function recordOneByOne(trx: Kysely<Database>, records: readonly OutcomeRecord[], at: string) {
  const updated: string[] = [];
  for (const record of records) {
    const row = await trx
      .updateTable('delivery_jobs')
      .set({
        status: record.status,
        reason: record.reason,
        updated_at: at,
        lease_until: null,
        attempts: record.attempts,
        ...(record.next_attempt_at === null ? {} : { next_attempt_at: record.next_attempt_at }),
        ...(record.finished_at === null ? {} : { finished_at: record.finished_at }),
        ...(record.attempted ? { last_status: record.last_status, last_answer: record.last_answer } : {}),
      })
      .where('id', '=', record.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', record.expected)
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    updated.push(record.id);
    if (record.releases) await releaseContacts(trx, { buyerKey: record.buyer_key, leadId: record.lead_id });
  }
  const attempts = records.flatMap((r) => (r.attempt !== null && updated.includes(r.id) ? [r.attempt] : []));
  if (attempts.length > 0) await trx.insertInto('delivery_attempts').values(attempts).execute();
  return updated;
}

/**
 * PostgreSQL: the whole batch in one statement (issue 32: a sale's outcome was a begin, an update, an insert
 * and a commit): the jobs still held by their claims updated, their attempts inserted, the claims of those
 * ending without a sale given back, from two JSON parameters. One statement is atomic on its own: a batch
 * that needs nothing else needs no transaction (delivery-worker.ts).
 */
async function recordAllAtOnce(trx: Kysely<Database>, records: readonly OutcomeRecord[], at: string) {
  const jobs = JSON.stringify(records.map(({ attempt: _attempt, ...row }) => row));
  const attempts = JSON.stringify(records.flatMap((r) => (r.attempt === null ? [] : [r.attempt])));
  const { rows } = await sql<{ id: string }>`
    with v as (
      select * from jsonb_to_recordset(${jobs}::jsonb) as v(
        id text, expected int, buyer_key text, lead_id text, status text, reason text, next_attempt_at text,
        finished_at text, attempts int, attempted boolean, last_status int, last_answer text, releases boolean)
    ), updated as (
      update delivery_jobs j set
        status = v.status, reason = v.reason, updated_at = ${at}, lease_until = null, attempts = v.attempts,
        next_attempt_at = coalesce(v.next_attempt_at, j.next_attempt_at),
        finished_at = coalesce(v.finished_at, j.finished_at),
        last_status = case when v.attempted then v.last_status else j.last_status end,
        last_answer = case when v.attempted then v.last_answer else j.last_answer end
      from v
      where j.id = v.id and j.status = 'sending' and j.attempts = v.expected
      returning j.id
    ), attempts as (
      insert into delivery_attempts
        (id, job_id, attempt, started_at, latency_ms, outcome, failure, http_status, message, answer_excerpt, worker)
      select a.id, a.job_id, a.attempt, a.started_at, a.latency_ms, a.outcome, a.failure, a.http_status, a.message,
        a.answer_excerpt, a.worker
      from jsonb_to_recordset(${attempts}::jsonb) as a(
        id text, job_id text, attempt int, started_at text, latency_ms int, outcome text, failure text,
        http_status int, message text, answer_excerpt text, worker text)
      join updated on updated.id = a.job_id
    ), released as (
      delete from delivery_contact_claims c
      using v join updated on updated.id = v.id
      where v.releases and c.buyer_key = v.buyer_key and c.lead_id = v.lead_id
    )
    select id from updated`.execute(trx);
  return rows.map((r) => r.id);
}

/**
 * Issue 31: the worker's heartbeat. Its jobs still sending keep their lease for another `leaseMs`, so only a
 * dead (or stalled) worker's jobs run out of lease and are taken over.
 */
export async function renewLeases(
  db: Kysely<Database>,
  jobIds: readonly string[],
  now: Date,
  leaseMs: number,
): Promise<void> {
  if (jobIds.length === 0) return;
  const renew = db.updateTable('delivery_jobs').set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() });
  // On PostgreSQL a job whose outcome is being recorded right now (its row locked) is skipped, not waited for:
  // the statement locks its rows one by one, and a recording transaction holding one of them while it waited
  // for another was a deadlock, each a second lost before PostgreSQL ended one (issue 32, bench:auction).
  await (
    dialectOf(db) === 'postgres'
      ? renew.where('id', 'in', (eb) =>
          eb
            .selectFrom('delivery_jobs')
            .select('id')
            .where('id', 'in', [...jobIds])
            .where('status', '=', 'sending')
            .forUpdate()
            .skipLocked(),
        )
      : renew.where('id', 'in', [...jobIds]).where('status', '=', 'sending')
  ).execute();
}

/* ------------------------------------------------------------------------------------------------ */
/* For operators (the console of issue 16) and tests                                                 */
/* ------------------------------------------------------------------------------------------------ */

export async function getJob(db: Kysely<Database>, id: string): Promise<DeliveryJob | undefined> {
  return db.selectFrom('delivery_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function jobsForLead(db: Kysely<Database>, leadId: string): Promise<DeliveryJob[]> {
  return db.selectFrom('delivery_jobs').selectAll().where('lead_id', '=', leadId).orderBy('created_at').execute();
}

export async function attemptsForJob(db: Kysely<Database>, jobId: string) {
  return db.selectFrom('delivery_attempts').selectAll().where('job_id', '=', jobId).orderBy('attempt').execute();
}

/** The newest jobs of one status (the console's dead jobs to retry), of one buyer or all. */
export async function jobsWithStatus(
  db: Kysely<Database>,
  filter: { status: DeliveryStatus; buyer?: string | undefined; limit: number },
): Promise<DeliveryJob[]> {
  let query = db.selectFrom('delivery_jobs').selectAll().where('status', '=', filter.status);
  if (filter.buyer !== undefined) query = query.where('buyer_key', '=', filter.buyer);
  return query.orderBy('updated_at', 'desc').limit(filter.limit).execute();
}

/** Jobs per buyer and status: the console's deliveries table and the metrics' outcomes per buyer. */
export async function jobCountsByBuyer(
  db: Kysely<Database>,
): Promise<{ buyer_key: string; status: DeliveryStatus; count: number }[]> {
  const rows = await db
    .selectFrom('delivery_jobs')
    .select(['buyer_key', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['buyer_key', 'status'])
    .execute();
  return rows.map((r) => ({ buyer_key: r.buyer_key, status: r.status, count: Number(r.count) }));
}

/** Jobs waiting to be sent (queued, retrying, sending): the queue depth. */
export async function queueDepth(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', 'in', ['queued', 'retrying', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Issue 30: seconds since the oldest job that is due (queued or retrying, its next attempt now or past) was
 * due; 0 when none is. Rising: no worker sends (all stopped, or stuck).
 */
export async function oldestDueSeconds(db: Kysely<Database>, now: Date): Promise<number> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select((eb) => eb.fn.min('next_attempt_at').as('due'))
    .where('status', 'in', ['queued', 'retrying'])
    .where('next_attempt_at', '<=', now.toISOString())
    .executeTakeFirst();
  const due = row?.due;
  return typeof due === 'string' ? Math.max(0, (now.getTime() - Date.parse(due)) / 1000) : 0;
}

/** Issue 30: jobs that went dead (their retry window over, unsent) since `since`, all buyers. */
export async function deadSince(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'dead')
    .where('finished_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
