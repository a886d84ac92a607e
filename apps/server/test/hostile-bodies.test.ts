/**
 * Issue 15, fault test "Hostile input", over real HTTP on both databases: fast-check bodies to every
 * endpoint that takes one (wrong types, huge strings, deep nesting, invalid UTF-8, prototype keys, SQL and
 * script strings, broken JSON): never a 5xx, the server still up, every refusal a clear 400 or 413 in the
 * API's error shape; and SQL and script strings inside a valid lead are stored literally.
 */
import { API_ERROR_CODES } from '@app/funnel';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const ENDPOINTS = [
  '/post-lead',
  '/api/ingest',
  '/api/pre-submit',
  '/api/bad-words-report',
  '/api/validate/text',
  '/api/validate/phone',
  '/api/validate/email',
  '/api/verify/send',
  '/api/verify/check',
  '/api/save-data',
  '/api/opt-out',
  '/api/settlement-estimate',
  '/send-slack-message',
  '/inbound/get-mappings',
  '/buyers/get-available',
  '/api/console/sign-in',
];

const INJECTIONS = [
  "'; DROP TABLE leads; --",
  "1' OR '1'='1",
  'Robert"); DELETE FROM delivery_jobs; --',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7} {{7*7}} #{7*7}',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  '=HYPERLINK("http://evil.example")',
];

let server: TestServer;
let stored: (id: string) => Promise<Record<string, unknown> | undefined>;
let visitor = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1', DELIVERY_WORKER: 'off' } });
  stored = async (id) => {
    const row = await server.db.selectFrom('leads').select(['lead', 'sub_id']).where('id', '=', id).executeTakeFirst();
    const lead: unknown = row ? JSON.parse(row.lead) : undefined;
    return typeof lead === 'object' && lead !== null && row ? { ...lead, column_sub_id: row.sub_id } : undefined;
  };
});
afterAll(() => server.close());

/** A raw POST (any bytes) from a visitor address of its own, so the per-IP limits stay out of the way. */
async function post(path: string, body: string | Buffer, contentType = 'application/json') {
  visitor += 1;
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-forwarded-for': `10.9.${(visitor >> 8) & 255}.${visitor & 255}` },
    body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** No 5xx; a refusal says what is wrong, in the API's error shape. */
function expectClearAnswer(path: string, answer: { status: number; text: string }) {
  expect([path, answer.status < 500]).toEqual([path, true]);
  if (answer.status === 400 || answer.status === 413) {
    const body: unknown = JSON.parse(answer.text);
    expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    if (typeof body === 'object' && body !== null && 'error' in body) {
      expect(API_ERROR_CODES).toContain(body.error);
    }
  }
}

const hostileValue = fc.oneof(
  fc.anything({ maxDepth: 4 }),
  fc.constantFrom(...INJECTIONS),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(null, true, -1, Number.MAX_VALUE, [], {}, '', ' ', '\u0000', '\ud800', '\u202e'),
);

/** Objects whose keys include the prototype's, built from JSON text so that __proto__ is a real own key. */
const prototypeKeyed = fc
  .record({ key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty'), value: hostileValue })
  .map(
    ({ key, value }) =>
      `{"${key}": ${JSON.stringify(value ?? null) ?? 'null'}, "lead_id": {"__proto__": {"admin": true}}}`,
  );

const hostileBody = fc.oneof(
  fc.anything({ maxDepth: 5 }).map((value) => JSON.stringify(value) ?? 'null'),
  // A valid lead with one field made hostile: wrong type, huge, injection.
  fc
    .record({ field: fc.constantFrom(...Object.keys(leadBody())), value: hostileValue })
    .map(({ field, value }) => JSON.stringify({ ...leadBody(), [field]: value })),
  prototypeKeyed,
  fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ maxLength: 200 }),
);

describe(`hostile bodies to every endpoint (${TEST_DIALECT})`, () => {
  it('never answers 5xx, and refuses clearly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), hostileBody, async (path, body) => {
        expectClearAnswer(path, await post(path, body));
      }),
      { numRuns: 300 },
    );
  }, 180_000);

  it.each(ENDPOINTS)('%s: invalid UTF-8, a body over the limit, a wrong content type, an empty body', async (path) => {
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"text":"'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    expectClearAnswer(path, await post(path, invalidUtf8));
    const huge = await post(path, JSON.stringify({ text: 'x'.repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expectClearAnswer(path, huge);
    expectClearAnswer(path, await post(path, 'lead_id=1&email=x', 'application/x-www-form-urlencoded'));
    expectClearAnswer(path, await post(path, ''));
  });

  it('stores SQL and script strings literally, in the lead and in its columns', async () => {
    for (const injection of INJECTIONS) {
      const body = leadBody({ case_description: `My car was hit. ${injection}`, sub_id: injection.slice(0, 100) });
      const answer = await post('/post-lead', JSON.stringify(body));
      expect([injection, answer.status]).toEqual([injection, 201]);
      const lead = await stored(String(body.lead_id));
      expect(lead?.case_description).toBe(`My car was hit. ${injection}`);
      expect(lead?.column_sub_id).toBe(injection.slice(0, 100));
    }
    // Every table is still there and answers.
    expect((await server.db.selectFrom('leads').select('id').execute()).length).toBeGreaterThanOrEqual(
      INJECTIONS.length,
    );
    expect(await server.db.selectFrom('delivery_jobs').select('id').limit(1).execute()).toBeDefined();
  });

  it('is still up and answering after all of it', async () => {
    const answer = await post('/post-lead', JSON.stringify(leadBody()));
    expect(answer.status).toBe(201);
  });
});
