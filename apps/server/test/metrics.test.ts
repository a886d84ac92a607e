/**
 * Issue 15, "What an operator watches": GET /metrics in the Prometheus text format, over real HTTP on both
 * databases: requests by route and status, leads stored, commit batch sizes (SQLite), rate-limit
 * refusals, the delivery queue's depth and jobs per buyer; reachable from loopback (not through a proxy)
 * or with METRICS_TOKEN, refused 403 otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_LIMIT_PER_MINUTE } from '../src/server-env-schema';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';
import { SAMPLE_BUYERS_FILE } from '../src/operator-data';
import { readFileSync } from 'node:fs';
import { writeBuyersFile } from './delivery/delivery-helpers';

const TOKEN = 'metrics-token-0123456789';
let server: TestServer;

beforeAll(async () => {
  // The sample's direct-post buyers: a lead is routed to a delivery job at once (with a ping-post buyer it
  // would be auctioned first, and the auction runner is off with the worker).
  const sample: unknown = JSON.parse(readFileSync(SAMPLE_BUYERS_FILE, 'utf8'));
  const direct = Array.isArray(sample)
    ? sample.filter((b) => typeof b === 'object' && b !== null && !('ping' in b))
    : [];
  server = await startTestServer({
    env: { METRICS_TOKEN: TOKEN, DELIVERY_WORKER: 'off', BUYERS_FILE: writeBuyersFile(direct) },
  });
});
afterAll(() => server.close());

async function metrics(headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one sample line, e.g. `name{a="b"} 3`. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe(`GET /metrics (${TEST_DIALECT})`, () => {
  it('counts requests, stored leads and commits, and reads the delivery queue from the database', async () => {
    const body = leadBody();
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(200);
    const { status, type, text } = await metrics();
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(sample(text, 'funnel_http_requests_total{method="POST",route="/post-lead",status="201"}')).toBe(1);
    expect(sample(text, 'funnel_http_requests_total{method="POST",route="/post-lead",status="200"}')).toBe(1);
    expect(
      sample(text, 'funnel_http_request_duration_seconds_count{method="POST",route="/post-lead",status="201"}'),
    ).toBe(1);
    // A repeat of a stored id is not a new lead.
    expect(sample(text, 'funnel_leads_stored_total{source="lead"}')).toBe(1);
    // The lead was routed: its delivery job waits in the queue (the worker is off).
    expect(sample(text, 'funnel_delivery_queue_depth')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^funnel_delivery_jobs\{buyer="[^"]+",status="queued"\} [1-9]/m);
    expect(text).toContain('process_resident_memory_bytes');
    if (TEST_DIALECT === 'sqlite') {
      expect(sample(text, 'funnel_commit_batch_writes_count')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'funnel_commit_failures_total')).toBe(0);
    }
  });

  it('counts the refusals of a rate limit by route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_CHECK_LIMIT_PER_MINUTE; i++) {
      statuses.push((await postJson(`${server.url}/api/validate/phone`, { phone: '5125550100' })).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const { text } = await metrics();
    expect(sample(text, 'funnel_rate_limit_refusals_total{route="/api/validate/phone"}')).toBe(1);
  });

  it('is refused through a proxy, or with a wrong token; opened anywhere by the token', async () => {
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await metrics({ forwarded: 'for=203.0.113.9' })).status).toBe(403);
    const wrong = await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}x` });
    expect(wrong).toMatchObject({ status: 403 });
    expect(JSON.parse(wrong.text)).toEqual({ error: 'forbidden', message: 'Metrics are not served here' });
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
