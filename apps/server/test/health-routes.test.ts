/**
 * Issue 30 item 4, issue 31: liveness and readiness, and the dependencies' state in /metrics. The faults
 * themselves (a frozen or stopped PostgreSQL or Redis, SIGTERM under load) are in faults/*.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe(`health (${TEST_DIALECT})`, () => {
  it('GET /healthz answers 200 ok, never cached', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 ready naming each check: database, migrations, queue, not draining', async () => {
    const res = await fetch(`${server.url}/readyz`);
    // Status and body together: a 503 names the check that failed (seen once in a full run under load).
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { draining: { ok: true }, [TEST_DIALECT]: { ok: true }, migrations: { ok: true }, queue: { ok: true } },
      },
    });
  });

  it('reports each dependency up, and since when, in /metrics', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain(`funnel_dependency_up{dependency="${TEST_DIALECT}"} 1`);
    const since = new RegExp(`funnel_dependency_since_timestamp_seconds\\{dependency="${TEST_DIALECT}"\\} (\\d+)`).exec(
      text,
    );
    expect(Number(since?.[1])).toBeGreaterThan(Date.now() / 1000 - 600);
  });
});
