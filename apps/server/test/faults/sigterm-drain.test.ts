/**
 * Issue 30 item 4: "a SIGTERM answered a keep-alive request 503 (no drain)" — "SIGTERM under load answers
 * no 5xx". A server under a stream of posts (keep-alive connections) is sent SIGTERM: /readyz fails at
 * once while posts are still served for DRAIN_DELAY_MS, each answer closing its connection; the clients,
 * like a load balancer, stop sending new posts a probe period after readiness failed; then the server
 * stops listening, finishes what is in flight and exits 0. No answer is a 5xx, no request loses its
 * connection, and every 2xx lead is stored once. The drain does not depend on the database: SQLite only.
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

const DRAIN_DELAY_MS = 1_000;
/** How long the load balancer takes to act on a failed readiness check (shorter than the drain delay). */
const PROBE_PERIOD_MS = 300;
let server: ServerProcess;
let dataDir: string;

describe.runIf(TEST_DIALECT === 'sqlite')('SIGTERM under load', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fault-drain-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      LEAD_LIMIT_PER_CONTACT: '100000',
      LEAD_LIMIT_PER_IP: '100000',
      DELIVERY_WORKER: 'off',
    });
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails readiness first, serves what arrives, closes, exits 0: no 5xx, every 2xx lead stored once', async () => {
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    let outOfRotation = false;
    const stream = startLeadStream(() => server.url, { clients: 4, boundMs: 5_000, paused: () => outOfRotation });
    await new Promise((resolve) => setTimeout(resolve, 800));

    const beforeTerm = stream.counts.accepted;
    server.child.kill('SIGTERM');
    const sentAt = performance.now();
    // The signal takes a moment to arrive: readiness fails within the first part of the drain delay.
    const readiness = await waitFor(
      async () => {
        const ready = await fetch(`${server.url}/readyz`);
        return { status: ready.status, body: (await ready.json()) as { checks: Record<string, { ok: boolean }> } };
      },
      (r) => r.status === 503,
      DRAIN_DELAY_MS / 2,
    );
    const servedWhileNotReady = stream.counts.accepted;
    setTimeout(() => (outOfRotation = true), PROBE_PERIOD_MS);
    const code = await exited;
    const exitMs = Math.round(performance.now() - sentAt);
    const counts = await stream.finish(300);

    expect(readiness.status).toBe(503);
    expect(readiness.body.checks.draining?.ok).toBe(false);
    expect(code).toBe(0);
    expect(counts.unavailable).toBe(0);
    expect(counts.otherStatuses).toEqual({});
    expect(counts.unansweredErrors).toEqual([]);
    // Posts kept being taken during the drain, after readiness failed.
    expect(counts.accepted).toBeGreaterThan(servedWhileNotReady);
    expect(servedWhileNotReady).toBeGreaterThanOrEqual(beforeTerm);
    expect(exitMs).toBeGreaterThanOrEqual(DRAIN_DELAY_MS - 50);

    const db = await openDatabase({ dataDir });
    try {
      const stored = await db.selectFrom('leads').select('id').execute();
      expect(stored).toHaveLength(new Set(stored.map((r) => r.id)).size);
      expect(new Set(stored.map((r) => r.id))).toEqual(stream.acceptedIds);
      console.log(
        `[faults] SIGTERM under load: posted ${counts.posted}, requests ${counts.requests}, 2xx ${counts.accepted} ` +
          `(${counts.accepted - beforeTerm} after SIGTERM), 5xx 0, lost mid-request ${counts.unanswered}, ` +
          `refused after close ${counts.refused}, stored ${stored.length}, exit ${code} after ${exitMs} ms ` +
          `(drain delay ${DRAIN_DELAY_MS} ms)`,
      );
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
