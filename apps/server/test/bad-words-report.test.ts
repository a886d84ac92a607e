/**
 * Issue 9, item 4 (made-up leads forwarded to the partner webhook), over real HTTP on both databases:
 * the webhook gets only a stored lead, only when the server's own filter matched, once per lead; a report
 * for an unknown lead, or a report carrying someone else's details, forwards nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { startFakeVendorServer, type FakeAnswer, type FakeVendorServer } from './providers/fake-vendor-server';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const BAD = 'free money from the gift card sweepstakes, the truck hit my car';
let webhook: FakeVendorServer;
let answer: FakeAnswer = { status: 200, json: { ok: true } };
let server: TestServer;
const logLines: string[] = [];

const forwardedIds = () => webhook.requests.map((r) => new URLSearchParams(r.body).get('lead_id'));

beforeAll(async () => {
  webhook = await startFakeVendorServer(() => answer);
  server = await startTestServer({ logLines, env: { BAD_WORDS_WEBHOOK_URL: `${webhook.baseUrl}/hook` } });
});
afterAll(async () => {
  await server.close();
  await webhook.close();
});

describe(`bad-words forwarding (${TEST_DIALECT})`, () => {
  it('forwards the stored lead, as the server read it, when the server filter matches: once', async () => {
    const body = leadBody({ case_description: BAD });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(forwardedIds()).toEqual([body.lead_id]);
    const form = new URLSearchParams(webhook.requests[0]?.body);
    expect(webhook.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // The server's own fields, not the body's: its IP, its verdict, its bad_words.
    expect(Object.fromEntries(form)).toMatchObject({
      case_description: BAD,
      bad_words: 'yes',
      ip_address: '127.0.0.1',
      lead_is_qualified: expect.any(String),
    });
    // The page's report beside the post, and any repeat, forward nothing more.
    expect((await postJson(`${server.url}/api/bad-words-report`, body)).status).toBe(204);
    expect((await postJson(`${server.url}/api/bad-words-report`, { lead_id: body.lead_id })).status).toBe(204);
    expect(forwardedIds()).toEqual([body.lead_id]);
  });

  it('alerts once, with the lead id and categories, never the words or the contact', () => {
    const alerts = logLines.filter((l) => l.includes('Bad-words report'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('spam');
    // The phone as the lead has it (a bare "555" would match a random lead id).
    expect(alerts[0]).not.toMatch(/sweepstakes|maria|5125550100/i);
  });

  it('forwards nothing for a lead id that is not stored, whatever the report says', async () => {
    const before = webhook.requests.length;
    const forged = leadBody({ lead_id: randomUUID(), email: 'victim@example.com', case_description: BAD });
    const res = await postJson(`${server.url}/api/bad-words-report`, forged);
    expect(res).toEqual({ status: 404, body: { error: 'unknown_lead', message: 'No stored lead has this id' } });
    expect(webhook.requests).toHaveLength(before);
  });

  it('forwards nothing for a stored lead the server filter does not match', async () => {
    const before = webhook.requests.length;
    const clean = leadBody();
    expect((await postJson(`${server.url}/post-lead`, clean)).status).toBe(201);
    // The report claims bad words in a description the lead never had.
    const res = await postJson(`${server.url}/api/bad-words-report`, { ...clean, case_description: BAD });
    expect(res.status).toBe(204);
    expect(webhook.requests).toHaveLength(before);
  });

  it('a forward that failed is retried by the next report, then never again', async () => {
    answer = { status: 500, json: { error: 'down' } };
    const body = leadBody({ case_description: BAD });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(forwardedIds().filter((id) => id === body.lead_id)).toHaveLength(1);
    answer = { status: 200, json: { ok: true } };
    expect((await postJson(`${server.url}/api/bad-words-report`, { lead_id: body.lead_id })).status).toBe(204);
    expect((await postJson(`${server.url}/api/bad-words-report`, { lead_id: body.lead_id })).status).toBe(204);
    expect(forwardedIds().filter((id) => id === body.lead_id)).toHaveLength(2);
    const row = await server.db
      .selectFrom('leads')
      .select('bad_words_forwarded_at')
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row.bad_words_forwarded_at).not.toBeNull();
  });

  it('forwards a lead of the ingest endpoint the same way', async () => {
    const body = leadBody({ variant: 'minimal', case_description: BAD });
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(201);
    expect(forwardedIds()).toContain(body.lead_id);
  });
});
