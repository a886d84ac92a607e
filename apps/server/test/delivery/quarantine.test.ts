/**
 * Issue 14 "Nothing lost at the door either": every body /post-lead and /api/ingest refuse for validation
 * is kept with its errors, to be fixed and replayed through the same checks; posts that are not JSON or
 * are over 64 KB keep their 400 and 413 and are not kept. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuarantined, listQuarantined } from '../../src/db/quarantine-store';
import { discardQuarantined, replayQuarantined } from '../../src/intake/replay-quarantined';
import type { Services } from '../../src/services';
import { leadBody, ticketBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';

let server: TestServer;
let services: Services;
const log = { warn: () => undefined };
/** Who the audit names for these replays. */
const by = { id: 'test-operator', email: 'ops@example.com' };
beforeAll(async () => {
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' }, exposeServices: (s) => (services = s) });
}, 30_000);
afterAll(() => server?.close());

const open = () => listQuarantined(server.db, { status: 'open', limit: 100 });

describe('quarantine', () => {
  it('keeps a refused /post-lead body with its errors, IP and user agent', async () => {
    const body = leadBody({ email: 'not-an-email', injury_month: '13' });
    const res = await postJson(`${server.url}/post-lead`, body, { 'user-agent': 'QuarantineTest/1.0' });
    expect(res.status).toBe(400);
    const kept = (await open()).find((q) => JSON.stringify(q.body).includes(String(body.lead_id)));
    expect(kept).toMatchObject({
      endpoint: '/post-lead',
      status: 'open',
      userAgent: 'QuarantineTest/1.0',
      truncated: false,
    });
    expect(kept!.ipAddress).toBe('127.0.0.1');
    expect(kept!.body).toEqual(body);
    expect(kept!.errors.map((e) => e.field).sort()).toEqual(['email', 'injury_month']);
    expect(kept!.errors).toEqual(res.body.fields);
  });

  it('keeps refused /api/ingest bodies too, and bodies that are not objects', async () => {
    expect((await postJson(`${server.url}/api/ingest`, ticketBody({ phone: '12' }))).status).toBe(400);
    expect((await postJson(`${server.url}/post-lead`, '[1,2,3]')).status).toBe(400);
    const kept = await open();
    expect(kept.some((q) => q.endpoint === '/api/ingest' && q.errors.some((e) => e.field === 'phone'))).toBe(true);
    expect(kept.some((q) => JSON.stringify(q.body) === '[1,2,3]')).toBe(true);
  });

  it('does not keep posts that are not JSON (400) or over 64 KB (413)', async () => {
    const before = (await open()).length;
    const notJson = await fetch(`${server.url}/post-lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"lead_id": ',
    });
    expect(notJson.status).toBe(400);
    const huge = await postJson(`${server.url}/post-lead`, leadBody({ case_description: 'x'.repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect((await open()).length).toBe(before);
  });

  it('replays a fixed body through the same checks: the lead is stored and routed, the entry closed', async () => {
    const body = leadBody({ email: 'maria(at)example.com', sub_id: 'replayed' });
    await postJson(`${server.url}/post-lead`, body, { 'user-agent': 'Replay/2' });
    const entry = (await open()).find((q) => JSON.stringify(q.body).includes(String(body.lead_id)))!;

    const still = await replayQuarantined(services, entry.id, { by, log });
    expect(still).toEqual({ kind: 'invalid', fields: [{ field: 'email', message: 'Please provide a valid email' }] });

    const fixed = { ...body, email: 'maria@example.com' };
    expect(await replayQuarantined(services, entry.id, { body: fixed, by, log })).toEqual({
      kind: 'stored',
      leadId: body.lead_id,
      created: true,
      changes: [{ field: 'email', old: 'maria(at)example.com', new: 'maria@example.com' }],
    });
    const lead = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ email: 'maria@example.com', user_agent: 'Replay/2', ip_address: '127.0.0.1' });
    // Judged as of the day the body first arrived.
    expect(lead.received_at).toBe(entry.receivedAt);
    expect(
      await server.db
        .selectFrom('lead_routing')
        .select('outcome')
        .where('lead_id', '=', String(body.lead_id))
        .executeTakeFirst(),
    ).toBeDefined();
    expect(await getQuarantined(server.db, entry.id)).toMatchObject({ status: 'replayed', leadId: body.lead_id });
    expect(await replayQuarantined(services, entry.id, { by, log })).toEqual({ kind: 'closed', status: 'replayed' });
  });

  it('lets an operator discard a body that is junk', async () => {
    await postJson(`${server.url}/post-lead`, { hello: 'world' });
    const entry = (await open()).find((q) => JSON.stringify(q.body) === '{"hello":"world"}')!;
    expect(await discardQuarantined(services, entry.id)).toBe(true);
    expect((await getQuarantined(server.db, entry.id))?.status).toBe('discarded');
    expect(await replayQuarantined(services, 'no-such-id', { by, log })).toEqual({ kind: 'not_found' });
  });
});
