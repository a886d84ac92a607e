/**
 * Issue 29: the console's search box finds a lead by its first, last or full name, over real HTTP on SQLite
 * and PostgreSQL (TEST_DB), accented names included, typed with or without their accents ("jose nunez"
 * finds José Núñez: docs/spec-decisions.md); LIKE's wildcards and quotes typed in the box are plain
 * characters, never a pattern or SQL.
 */
import { randomUUID } from 'node:crypto';
import { LeadPageSchema, nameSearchKey, searchWords } from '@app/funnel';
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
  { first_name: 'José', last_name: `Núñez${tag}`, email: `jose-${tag}@example.com` },
  { first_name: 'Иван', last_name: `Петров${tag}`, email: `ivan-${tag}@example.com` },
  { first_name: 'Søren', last_name: `Straße${tag}`, email: `soren-${tag}@example.com` },
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
    // Accents aside: a visitor's name as an operator types it on a US keyboard, or as the visitor wrote it.
    { q: `jose nunez${tag}`, who: ['jose'] },
    { q: `JOSÉ NÚÑEZ${tag}`, who: ['jose'] },
    { q: `Nuñez${tag}`, who: ['jose'] },
    { q: `dung pham${tag}`, who: ['dung'] },
    { q: `DŨNG`, who: ['dung'] },
    { q: `zoe 100%${tag}`, who: ['zoe'] },
    { q: `soren strasse${tag}`, who: ['soren'] },
    // Another script is found as written, case aside.
    { q: `иван ПЕТРОВ${tag}`, who: ['ivan'] },
    { q: `ivan petrov${tag}`, who: [] },
    { q: `jose lopez${tag}`, who: [] },
  ])('$q finds $who', async ({ q, who }) => {
    expect((await found(q)).sort()).toEqual(who.map((w) => `${w}-${tag}@example.com`).sort());
  });

  /** What a plain-text search finds: each folded word inside the folded "first last". */
  const literally = (q: string) =>
    people
      .filter((p) => searchWords(q).every((word) => nameSearchKey(p.first_name, p.last_name).includes(word)))
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
