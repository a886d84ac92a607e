/**
 * Issue 29: the console's search box finds a lead by its first, last or full name, over real HTTP on SQLite
 * and PostgreSQL (TEST_DB), accented names included; LIKE's wildcards and quotes typed in the box are
 * plain characters, never a pattern or SQL.
 */
import { randomUUID } from 'node:crypto';
import { LeadPageSchema } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../src/console/operator-store';
import { hashPassword } from '../../src/console/password-hash';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from '../start-test-server';

const PASSWORD = 'correct horse battery staple';
let server: TestServer;
let session: string;
const tag = randomUUID().slice(0, 8);

const people = [
  { first_name: 'Dũng', last_name: `Phạm${tag}`, email: `dung-${tag}@example.com` },
  { first_name: 'Maria', last_name: `Lopez${tag}`, email: `maria-${tag}@example.com` },
  { first_name: "O'Brien", last_name: `Ann_${tag}`, email: `ob-${tag}@example.com` },
  { first_name: 'Zoë', last_name: `100%${tag}`, email: `zoe-${tag}@example.com` },
];

beforeAll(async () => {
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' } });
  await addOperator(server.db, {
    email: 'ops@example.com',
    passwordHash: await hashPassword(PASSWORD),
    now: new Date(),
  });
  const res = await fetch(`${server.url}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const token = /console_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no session cookie');
  session = token;
  for (const person of people) {
    expect((await postJson(`${server.url}/post-lead`, leadBody({ sub_id: tag, ...person }))).status).toBe(201);
  }
}, 60_000);
afterAll(() => server?.close());

/** The emails of the leads the search box finds for `q`, among this file's leads. */
async function found(q: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/console/leads?limit=200&q=${encodeURIComponent(q)}`, {
    headers: { cookie: `console_session=${session}` },
  });
  expect(res.status).toBe(200);
  const body = LeadPageSchema.parse(await res.json());
  return body.leads.map((lead) => lead.email).filter((email) => email.includes(tag));
}

describe(`searching leads by name (${TEST_DIALECT})`, () => {
  it.each([
    { q: `lopez${tag}`, who: ['maria'] },
    { q: `Maria Lopez${tag}`, who: ['maria'] },
    { q: `LOPEZ${tag} maria`, who: ['maria'] },
    { q: `Dũng Phạm${tag}`, who: ['dung'] },
    { q: `phạm${tag}`, who: ['dung'] },
    { q: `Maria Phạm${tag}`, who: [] },
    { q: `o'brien ann_${tag}`, who: ['ob'] },
    { q: `100%${tag}`, who: ['zoe'] },
    { q: `zoë`, who: ['zoe'] },
  ])('$q finds $who', async ({ q, who }) => {
    expect((await found(q)).sort()).toEqual(who.map((w) => `${w}-${tag}@example.com`).sort());
  });

  /** What a plain-text search finds: each word inside the lower-cased "first last". */
  const literally = (q: string) =>
    people
      .filter((p) =>
        q
          .toLowerCase()
          .split(/\s+/)
          .every((word) => `${p.first_name} ${p.last_name}`.toLowerCase().includes(word)),
      )
      .map((p) => p.email)
      .sort();

  it.each(['%', '_', '%%', '__', "'", "' or '1'='1", '"; drop table leads; --', '\\', '\\%', '%_%'])(
    'treats %s as plain characters (only names holding them, no error)',
    async (q) => {
      expect((await found(q)).sort()).toEqual(literally(q));
    },
  );

  it('the wildcards typed leave every lead in place', async () => {
    expect((await found('Maria')).length).toBeGreaterThanOrEqual(1);
    expect(literally('%')).toEqual([`zoe-${tag}@example.com`]);
  });

  it('a wildcard inside a word matches only itself', async () => {
    expect(await found(`ann_${tag}`)).toEqual([`ob-${tag}@example.com`]);
    expect(await found(`ann%${tag}`)).toEqual([]);
    expect(await found(`annx${tag}`)).toEqual([]);
  });
});
