/**
 * Issue 30 item 4 and issue 31: liveness and readiness, for the orchestrator and the load balancer.
 * - GET /healthz: the process answers (200 {status: 'ok'}); no dependency is asked, since restarting an
 *   instance does not bring a database back.
 * - GET /readyz: 200 {status: 'ready', checks} when this instance can take traffic: not draining, the
 *   database answers, every migration is applied, Redis answers (when configured), the delivery queue is
 *   prepared and its worker turning; else 503 {status: 'not_ready', checks} naming what failed. Each
 *   check is bounded by READINESS_CHECK_MS.
 * The same dependency checks run every DEPENDENCY_PROBE_MS to keep health/dependency-state.ts true when
 * nobody asks (a frozen Redis that no request touches is still reported down).
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { DbDialect } from '../db/db-dialect';
import { pendingMigrations } from '../db/migrations';
import type { Database } from '../db/schema';
import { countUse } from '../db/usage-counter-store';
import type { Dependency } from './dependency-errors';
import type { DependencyState } from './dependency-state';
import type { Drain } from './drain';

/** One readiness check may take this long before it counts as failed. */
const READINESS_CHECK_MS = 2_000;

export interface HealthDeps {
  db: Kysely<Database>;
  dialect: DbDialect;
  redis: Redis | undefined;
  state: DependencyState;
  drain: Drain;
  /** The delivery queue's problem, or '' when ready (delivery/delivery-runtime.ts). */
  queueProblem: () => Promise<string>;
  probeMs: number;
  now: () => Date;
}

type Check = { ok: true } | { ok: false; problem: string };

function bounded(check: () => Promise<string>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, problem: `no answer within ${READINESS_CHECK_MS} ms` }),
      READINESS_CHECK_MS,
    );
  });
  const done = check().then(
    (problem): Check => (problem === '' ? { ok: true } : { ok: false, problem }),
    (error: unknown): Check => ({ ok: false, problem: error instanceof Error ? error.message : String(error) }),
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  const { db, dialect, redis, state } = deps;

  const databaseCheck = async (): Promise<string> => {
    if (dialect === 'sqlite') {
      // Reads work on a full disk: SQLite is down from a failed commit until a write works again.
      if (state.isUp('sqlite')) return '';
      await countUse(db, 'health:probe', 60_000, deps.now());
      return '';
    }
    await sql`select 1`.execute(db);
    return '';
  };
  const redisCheck = async (): Promise<string> => {
    if (!redis) return '';
    const answer = await redis.ping();
    return answer === 'PONG' ? '' : 'PING was not answered PONG';
  };

  /** Asks the dependencies and reports what it saw. */
  const probe = async () => {
    const database = await bounded(databaseCheck);
    state.report(dialect, database.ok, database.ok ? '' : database.problem);
    const cache = redis ? await bounded(redisCheck) : undefined;
    if (cache) state.report('redis', cache.ok, cache.ok ? '' : cache.problem);
    return { database, redis: cache };
  };

  let probing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    probing = probe().catch(() => {});
  }, deps.probeMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await probing;
  });

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const seen = await probe();
    const checks: Record<string, Check> = {
      draining: deps.drain.draining() ? { ok: false, problem: 'the instance is stopping' } : { ok: true },
      [dialect]: seen.database,
      migrations: await bounded(async () => {
        const pending = await pendingMigrations(db, dialect);
        return pending.length === 0 ? '' : `not applied: ${pending.join(', ')}`;
      }),
      queue: await bounded(deps.queueProblem),
      ...(seen.redis ? { redis: seen.redis } : {}),
    };
    // Redis holds only counters: the per-IP limits fail open without it, and SMS and alerts answer 503 with
    // Retry-After. Every instance shares it, so failing readiness on it would take the whole fleet out of
    // the load balancer for what each instance can survive: it is reported, and does not decide.
    const ready = Object.entries(checks).every(([name, check]) => name === 'redis' || check.ok);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}

/** The dependencies an instance needs: its database, and Redis when configured. */
export function neededDependencies(dialect: DbDialect, redis: boolean): Dependency[] {
  return redis ? [dialect, 'redis'] : [dialect];
}
