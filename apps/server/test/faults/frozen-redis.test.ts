/**
 * Issue 31, findings 1, 3 and 4, on a Redis this test starts itself: "The per-IP limit's fail-open never
 * triggers because ioredis is created without commandTimeout" and "SMS and alerts gave 500 during a Redis
 * outage". Now, during a stream of posts, Redis frozen (SIGSTOP), thawed, then killed and started again:
 * every post is answered within the bound and taken (the lead limit fails open), an alert (whose limit
 * fails closed) answers 503 with Retry-After while Redis is out, readiness fails meanwhile, each change is
 * logged and in /metrics, and the server recovers by itself. Redis is not about the database: SQLite only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database';
import { TEST_DIALECT } from '../start-test-server';
import { waitFor } from '../delivery/delivery-helpers';
import { startServerProcess, type ServerProcess } from '../delivery/server-process';
import { startLeadStream } from './lead-stream';
import { startOwnRedis, type OwnServer } from './own-servers';
import { z } from 'zod';

const COMMAND_TIMEOUT_MS = 200;
const BOUND_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: OwnServer;
let server: ServerProcess;
let dataDir: string;

describe.runIf(TEST_DIALECT === 'sqlite')('Redis frozen, then killed, under a stream of posts', () => {
  beforeAll(async () => {
    redis = await startOwnRedis();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fault-redis-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      DEPENDENCY_PROBE_MS: '250',
      LEAD_LIMIT_PER_CONTACT: '100000',
      LEAD_LIMIT_PER_IP: '100000',
      LOG_LEVEL: 'info',
      DELIVERY_WORKER: 'off',
    });
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode !== null) console.log(server.output.join('').slice(-4000));
    await server?.kill();
    await redis?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request within the bound: posts taken (fail open), alerts 503 + Retry-After; recovers by itself', async () => {
    let alertIp = 0;
    /** An alert from an address of its own each time (its limit is 5 per 10 minutes per IP). */
    const alert = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}/send-slack-message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++alertIp}` },
        body: JSON.stringify({ kind: 'lead_post_failed', variant: 'spanish', status: 503 }),
        signal: AbortSignal.timeout(BOUND_MS + 2_000),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started };
    };
    // Ready while Redis is out (its checks say so): the instance serves every page and lead without it.
    const readyz = async () => {
      const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      const body: unknown = await res.json();
      const redisOk = z.object({ checks: z.object({ redis: z.object({ ok: z.boolean() }) }) }).parse(body).checks
        .redis.ok;
      return `${res.status} redis ${redisOk ? 'up' : 'down'}`;
    };

    expect((await alert()).status).toBe(204);
    const stream = startLeadStream(() => server.url, { clients: 3, boundMs: BOUND_MS });
    await sleep(500);

    redis.freeze();
    await sleep(800);
    const frozenAlert = await alert();
    const frozenReady = await readyz();
    redis.thaw();
    await sleep(500);

    await redis.stop();
    await sleep(500);
    const stoppedAlert = await alert();
    const stoppedReady = await readyz();
    await redis.start();
    const restartedAt = performance.now();
    await waitFor(readyz, (status) => status === '200 redis up', 15_000);
    const recoveryMs = Math.round(performance.now() - restartedAt);
    const after = await waitFor(alert, (a) => a.status === 204, 10_000);
    const counts = await stream.finish();

    for (const refused of [frozenAlert, stoppedAlert]) {
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.ms).toBeLessThan(BOUND_MS);
    }
    expect(frozenReady).toBe('200 redis down');
    expect(stoppedReady).toBe('200 redis down');
    expect(after.status).toBe(204);
    // The lead limit fails open: not one post refused or left unanswered for Redis.
    expect(counts.unanswered).toBe(0);
    expect(counts.unavailable).toBe(0);
    expect(counts.otherStatuses).toEqual({});
    expect(counts.slowestMs).toBeLessThan(BOUND_MS);
    expect(counts.accepted).toBe(counts.posted);

    const db = await openDatabase({ dataDir });
    try {
      const stored = await db.selectFrom('leads').select('id').execute();
      expect(stored).toHaveLength(stream.acceptedIds.size);
      expect(new Set(stored.map((r) => r.id))).toEqual(stream.acceptedIds);
    } finally {
      await db.destroy();
    }
    const output = server.output.join('');
    const down = output.match(/"dependency":"redis","up":false[^\n]*"msg":"dependency down"/g) ?? [];
    const up = output.match(/"dependency":"redis","up":true[^\n]*"msg":"dependency up"/g) ?? [];
    expect(down.length).toBeGreaterThanOrEqual(1);
    expect(up.length).toBeGreaterThanOrEqual(1);
    expect(await (await fetch(`${server.url}/metrics`)).text()).toContain('funnel_dependency_up{dependency="redis"} 1');

    console.log(
      `[faults] redis frozen+killed: posted ${counts.posted}, requests ${counts.requests}, 2xx ${counts.accepted}, ` +
        `503 ${counts.unavailable}, unanswered ${counts.unanswered}, slowest ${counts.slowestMs} ms (bound ${BOUND_MS}), ` +
        `stored ${stream.acceptedIds.size}, alerts while out 503 ×2, down/up log lines ${down.length}/${up.length}, ` +
        `ready again ${recoveryMs} ms after restart`,
    );
  }, 60_000);
});
