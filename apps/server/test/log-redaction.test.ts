/**
 * Issue 15, "Logs are structured JSON (pino) with request ids, and carry no personal data": a visitor walks
 * the funnel over real HTTP (both databases) from a known address behind the proxy, every call logged at
 * the most verbose level; the whole log holds none of their email, phone, names, IP or case text; every
 * request line carries the request id the answer names in X-Request-Id. And the redaction itself, on
 * whatever a module logs: the personal keys at the top or one level down, and a PostgreSQL error's detail.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS } from '../src/http/request-log';
import { leadBody } from './lead-body';
import { startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const VISITOR = {
  email: 'rosalind.quintero@example.com',
  phone: '(737) 555-0142',
  digits: '7375550142',
  first: 'Rosalind',
  last: 'Quintero',
  ip: '203.0.113.77',
  caseText: 'A cement mixer backed into my parked sedan near the quarry gate',
};
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logLines: lines, env: { LOG_LEVEL: 'trace', TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const asVisitor = { 'x-forwarded-for': VISITOR.ip };

describe(`the log of a visitor's walk (${TEST_DIALECT})`, () => {
  it('holds none of their email, phone, names, IP or case text, and names each request by its id', async () => {
    const body = leadBody({
      email: VISITOR.email,
      phone: VISITOR.phone,
      first_name: VISITOR.first,
      last_name: VISITOR.last,
      case_description: VISITOR.caseText,
    });
    const ids: string[] = [];
    const call = async (path: string, json?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { ...asVisitor, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      await response.arrayBuffer();
      ids.push(response.headers.get('x-request-id') ?? '');
      return response.status;
    };
    await call('/survey?sub1=ad');
    await call('/api/validate/email', { email: VISITOR.email });
    await call('/api/validate/phone', { phone: VISITOR.phone });
    await call('/api/validate/text', { text: VISITOR.caseText });
    await call('/api/save-data', { session: 's-1', data: [{ email: VISITOR.email, first_name: VISITOR.first }] });
    await call('/api/verify/send', { phone: VISITOR.phone });
    await call('/api/verify/check', { phone: VISITOR.phone, code: '000000' });
    expect(await call('/post-lead', body)).toBe(201);
    expect(await call('/post-lead', { ...body, lead_id: crypto.randomUUID(), email: 'not an email' })).toBe(400);
    await call(`/survey-thank-you/?email=${encodeURIComponent(VISITOR.email)}&phone=${VISITOR.digits}`);

    const log = lines.join('\n');
    expect(log).toContain('"url":"/post-lead"');
    for (const personal of [
      VISITOR.email,
      encodeURIComponent(VISITOR.email),
      VISITOR.phone,
      VISITOR.digits,
      '737-555-0142',
      '555-0142',
      VISITOR.first,
      VISITOR.last,
      VISITOR.ip,
      VISITOR.caseText,
      'cement mixer',
    ]) {
      expect([personal, log.includes(personal)]).toEqual([personal, false]);
    }
    // Every answer names its request; the log's lines for it carry the same id (a UUID, unique across instances).
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(log).toContain(`"reqId":"${id}"`);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a proxy's plain X-Request-Id, so one id follows a request through both logs", async () => {
    const response = await fetch(`${server.url}/api/validate/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'proxy-4f2a9c1e' },
      body: JSON.stringify({ text: 'A car hit me at the light' }),
    });
    expect(response.headers.get('x-request-id')).toBe('proxy-4f2a9c1e');
    expect(lines.join('\n')).toContain('"reqId":"proxy-4f2a9c1e"');
    // Issue 15: one line per request, when it is answered: the request, its status and its time.
    const own = lines.filter((line) => line.includes('"reqId":"proxy-4f2a9c1e"'));
    expect(own).toHaveLength(1);
    expect(JSON.parse(own[0] ?? '{}')).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: '/api/validate/text' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    const odd = await fetch(`${server.url}/us/78701`, { headers: { 'x-request-id': 'no spaces or "quotes" here' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('log redaction (the paths the app gives pino)', () => {
  it('censors the personal keys wherever a module logs them, and a database error detail', () => {
    const out: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk.toString());
        done();
      },
    });
    const log = pino({ redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } }, sink);
    log.info({
      email: VISITOR.email,
      lead: { phone: VISITOR.phone, first_name: VISITOR.first, ip_address: VISITOR.ip },
    });
    log.info({ check: { text: VISITOR.caseText }, case_description: VISITOR.caseText, last_name: VISITOR.last });
    log.error({
      err: { message: 'duplicate key', detail: `Key (email)=(${VISITOR.email}) already exists.`, code: '23505' },
    });
    log.info({ req: { headers: { 'x-forwarded-for': VISITOR.ip, forwarded: `for=${VISITOR.ip}` } } });
    const text = out.join('');
    for (const personal of [VISITOR.email, VISITOR.phone, VISITOR.first, VISITOR.last, VISITOR.ip, VISITOR.caseText]) {
      expect([personal, text.includes(personal)]).toEqual([personal, false]);
    }
    expect(text).toContain('"code":"23505"');
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(10);
  });
});
