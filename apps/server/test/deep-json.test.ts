/**
 * Issue 9, item 10 (a 500 on deep JSON), over real HTTP on both databases: 7,000 levels of nesting in a
 * free-form field (what fits the 16 KB limit) and 10,000 levels in a lead answer 400 naming the field, never
 * 500, and log no error; a body that arrives too slowly is cut off by the request timeout.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logLines: lines, env: { REQUEST_TIMEOUT_MS: '500' } });
});
afterAll(async () => {
  await server.close();
});

describe(`deep JSON (${TEST_DIALECT})`, () => {
  it.each([
    ['/api/save-data', (nested: string) => `{"session":"s1","data":${nested}}`, 'data'],
    ['/buyers/get-available', (nested: string) => `{"fields":{"state":"TX","extra":${nested}}}`, 'fields.extra'],
  ])('%s with 7,000 levels → 400 naming the field', async (path, body, field) => {
    const res = await postJson(`${server.url}${path}`, body(deep(7_000)));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field, message: 'is nested deeper than 10 levels' }]);
    // 10,000 levels do not fit the 16 KB body limit: refused before they are read.
    expect((await postJson(`${server.url}${path}`, body(deep(10_000)))).status).toBe(413);
  });

  it('a lead with 10,000 levels in a field → 400 naming it', async () => {
    const res = await postJson(
      `${server.url}/post-lead`,
      JSON.stringify(leadBody()).replace('"steps_path":[', `"steps_path":[${deep(10_000)},`),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toContain('steps_path.0');
  });

  it('accepts 10 levels', async () => {
    expect((await postJson(`${server.url}/api/save-data`, `{"session":"s1","data":${deep(10)}}`)).status).toBe(200);
  });

  it('logged no error for any of them', () => {
    expect(lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
  });
});

describe('slow bodies', () => {
  it('are cut off by the request timeout (408 or a closed connection), not held open', async () => {
    const url = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        // Promise 100 bytes, send 10, then nothing.
        socket.write(
          'POST /api/save-data HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"session"',
        );
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });
});
