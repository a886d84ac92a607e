/**
 * Issue 30, item 7 ("Observability misses the money path"), over real HTTP on SQLite and PostgreSQL
 * (TEST_DB): "Add them (leads not routed, deliveries dead, queue age, Redis and database health), with
 * example Prometheus alert rules and a Grafana dashboard JSON in the repo". The metrics move when leads go
 * not_sent and when Redis goes away; every funnel_* name the alert rules and the dashboard use is one the
 * server exports.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRateLimitRedis } from '../src/http/rate-limit';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, TEST_REDIS_URL, type TestServer } from './start-test-server';
import { scenarioBuyer, writeBuyersFile } from './delivery/delivery-helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let server: TestServer;
let redis: Redis;

beforeAll(async () => {
  redis = await connectRateLimitRedis(TEST_REDIS_URL, () => {});
  // One buyer, paused: every sellable lead goes not_sent for want of a buyer.
  const buyers = writeBuyersFile([scenarioBuyer('paused', 'http://127.0.0.1:9/unused', { active: false })]);
  server = await startTestServer({
    env: { BUYERS_FILE: buyers, DELIVERY_WORKER: 'off' },
    rateLimit: { redis, keyPrefix: `funnel-test-${randomBytes(6).toString('hex')}:` },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  redis?.disconnect();
});

async function scrape(): Promise<string> {
  const response = await fetch(`${server.url}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample line, e.g. `name{a="b"} 3`. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/** Every series name the scrape can hold: each family, with a histogram's _bucket, _sum and _count. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name = '', type] = match;
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

describe(`the money path's metrics (${TEST_DIALECT})`, () => {
  it('counts a lead not sent for want of a buyer, reads active buyers, dead and due deliveries, database and Redis up', async () => {
    expect((await postJson(`${server.url}/post-lead`, leadBody({ sub_id: 'paused' }))).status).toBe(201);
    // Disqualified (an accident in 2020, past Texas's limit): one label, whatever the reason.
    expect(
      (await postJson(`${server.url}/post-lead`, leadBody({ sub_id: 'paused', injury_year: '2020' }))).status,
    ).toBe(201);
    const text = await scrape();
    expect(sample(text, 'funnel_leads_routed_total{source="lead",outcome="not_sent",reason="no_eligible_buyer"}')).toBe(
      1,
    );
    expect(sample(text, 'funnel_leads_routed_total{source="lead",outcome="not_sent",reason="disqualified"}')).toBe(1);
    expect(sample(text, 'funnel_buyers_active')).toBe(0);
    expect(sample(text, 'funnel_delivery_dead_last_hour')).toBe(0);
    expect(sample(text, 'funnel_delivery_queue_oldest_due_seconds')).toBe(0);
    expect(sample(text, 'funnel_auctions_open')).toBe(0);
    expect(sample(text, `funnel_dependency_up{dependency="${TEST_DIALECT}"}`)).toBe(1);
    expect(sample(text, 'funnel_dependency_up{dependency="redis"}')).toBe(1);
  });

  it('reports Redis down when it stops answering, and still answers the scrape', async () => {
    redis.disconnect();
    // The dependencies' state asks Redis every DEPENDENCY_PROBE_MS (issue 31): the scrape shows it once seen.
    let text = await scrape();
    for (let i = 0; i < 40 && sample(text, 'funnel_dependency_up{dependency="redis"}') !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      text = await scrape();
    }
    expect(sample(text, 'funnel_dependency_up{dependency="redis"}')).toBe(0);
    expect(sample(text, `funnel_dependency_up{dependency="${TEST_DIALECT}"}`)).toBe(1);
  }, 20_000);
});

describe('the alert rules and the dashboard', () => {
  /** Names Prometheus itself makes for every target, not the server. */
  const PROMETHEUS_OWN = new Set(['up']);

  it.each([
    [
      'ops/prometheus/alerts.yml',
      (file: string) =>
        [...file.matchAll(/^\s+expr: (?:>-\n)?([\s\S]*?)(?=\n\s+(?:for|labels):)/gm)].map((m) => m[1] ?? ''),
    ],
    [
      'ops/grafana/funnel.json',
      (file: string) => {
        const json: unknown = JSON.parse(file);
        const panels =
          typeof json === 'object' && json !== null && 'panels' in json && Array.isArray(json.panels)
            ? json.panels
            : [];
        return panels.flatMap((panel: unknown) =>
          typeof panel === 'object' && panel !== null && 'targets' in panel && Array.isArray(panel.targets)
            ? panel.targets.map((target: unknown) =>
                typeof target === 'object' && target !== null && 'expr' in target ? String(target.expr) : '',
              )
            : [],
        );
      },
    ],
  ])('%s uses only metrics the server exports', async (file, expressionsOf) => {
    const exported = exportedNames(await scrape());
    const expressions = expressionsOf(readFileSync(path.join(repoRoot, file), 'utf8'));
    expect(expressions.length).toBeGreaterThan(5);
    const used = new Set(
      expressions.flatMap((expression) =>
        [...expression.matchAll(/\b(funnel_[a-z0-9_]+|up)\b(?=\s*[{[)]|\s*$|\s)/g)].map((m) => m[1] ?? ''),
      ),
    );
    expect([...used].filter((name) => name.startsWith('funnel_')).length).toBeGreaterThan(3);
    const unknown = [...used].filter((name) => !exported.has(name) && !PROMETHEUS_OWN.has(name));
    expect(unknown).toEqual([]);
  });

  it('catches a rule that names a metric the server does not export', () => {
    const exported = exportedNames('# TYPE funnel_leads_stored_total counter\n');
    expect(exported.has('funnel_leads_stored_total')).toBe(true);
    expect(exported.has('funnel_leads_not_routed_total')).toBe(false);
  });
});
