/**
 * The lead post through the one API client (issue 13): retried by id on no answer and 5xx, kept for later on
 * 429 or after the retries (§4, §8: the visitor goes on either way, nothing is lost).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postLead } from '../src/survey/forms/post-lead';
import { NO_ANSWER_RETRY_MS } from '../src/survey/lead-outbox';
import { json, localServer, MemoryStorage, type LocalServer } from './local-http';

const LEAD = { lead_id: '6f1c2b1e-1f7a-4a36-9a53-0f3b7c1f0a11', first_name: 'Ana' };
const VERDICT = { is_disqualified: false, dq_reason: '', lead_is_qualified: 'yes' };
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KeptSchema = z.array(
  z.object({ url: z.string(), body: z.record(z.string(), z.unknown()), notBefore: z.number() }),
);

function kept(storage: Storage) {
  return KeptSchema.parse(JSON.parse(storage.getItem('funnel:lead-outbox') ?? '[]'));
}

describe('postLead', () => {
  it('answers the server verdict on 201', async () => {
    server = await localServer((_req, _body, res) => json(res, 201, { id: LEAD.lead_id, verdict: VERDICT }));
    const storage = new MemoryStorage();
    const posted = await postLead('/post-lead', LEAD, { fetchImpl: server.fetch, storage });
    expect(posted).toEqual({ ok: true, status: 201, answer: { id: LEAD.lead_id, verdict: VERDICT } });
    expect(kept(storage)).toEqual([]);
  });

  it('retries 5xx with the same lead id, then takes the answer', async () => {
    const bodies: string[] = [];
    server = await localServer((_req, body, res) => {
      bodies.push(body);
      if (bodies.length < 3) json(res, 503, { error: 'service_unavailable', message: 'busy' });
      else json(res, 200, { id: LEAD.lead_id, verdict: VERDICT });
    });
    const posted = await postLead('/post-lead', LEAD, { fetchImpl: server.fetch, storage: new MemoryStorage() });
    expect(posted.ok).toBe(true);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((b) => z.object({ lead_id: z.string() }).parse(JSON.parse(b)).lead_id))).toEqual(
      new Set([LEAD.lead_id]),
    );
  });

  it('a 2xx whose answer cannot be read is taken, with no verdict (the browser reads its own)', async () => {
    server = await localServer((_req, _body, res) => json(res, 201, { stored: true }));
    const storage = new MemoryStorage();
    const posted = await postLead('/post-lead', LEAD, { fetchImpl: server.fetch, storage });
    expect(posted).toEqual({ ok: true, status: 201, answer: null });
    expect(kept(storage)).toEqual([]);
  });

  it('429 keeps the lead for after its Retry-After, once', async () => {
    let calls = 0;
    server = await localServer((_req, _body, res) => {
      calls++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ error: 'rate_limited', message: 'later' }));
    });
    const storage = new MemoryStorage();
    const before = Date.now();
    const posted = await postLead('/post-lead', LEAD, { fetchImpl: server.fetch, storage });
    const after = Date.now();
    expect(posted).toEqual({ ok: false, status: 429 });
    expect(calls).toBe(1);
    const [entry, ...rest] = kept(storage);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ url: '/post-lead', body: LEAD });
    expect(entry?.notBefore).toBeGreaterThanOrEqual(before + 30_000);
    expect(entry?.notBefore).toBeLessThanOrEqual(after + 30_000);
  });

  it('a 4xx refusal is not kept; three 5xx are kept for a minute later', async () => {
    server = await localServer((_req, _body, res) => json(res, 400, { error: 'invalid_body', message: 'bad' }));
    const refusedStorage = new MemoryStorage();
    expect(await postLead('/post-lead', LEAD, { fetchImpl: server.fetch, storage: refusedStorage })).toEqual({
      ok: false,
      status: 400,
    });
    expect(kept(refusedStorage)).toEqual([]);
    await server.close();
    server = await localServer((_req, _body, res) => json(res, 502, { error: 'bad_gateway', message: 'down' }));
    const storage = new MemoryStorage();
    const before = Date.now();
    expect(await postLead('/api/ingest', LEAD, { fetchImpl: server.fetch, storage })).toEqual({
      ok: false,
      status: 502,
    });
    expect(kept(storage)[0]?.url).toBe('/api/ingest');
    expect(kept(storage)[0]?.notBefore).toBeGreaterThanOrEqual(before + NO_ANSWER_RETRY_MS);
  });
});
