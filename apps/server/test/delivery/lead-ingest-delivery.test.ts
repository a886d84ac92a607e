/**
 * §4: the ticket flow and the minimal variant go to the external lead-ingest service. With
 * LEAD_INGEST_PROVIDER=leadprosper, a lead posted to /api/ingest is stored and delivered to a Lead
 * Prosper direct post (a fake on a real local server) through the same jobs as every buyer; offline
 * (the default) it stays in ingested_leads and the reason is recorded. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, ticketBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from './fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  attemptsOf,
  isFinal,
  jobsOf,
  routingOf,
  waitFor,
  writeBuyersFile,
} from './delivery-helpers';

const ticketLead = () => ticketBody({ sub_id: 'ticket-ad' });

describe('lead-ingest service: Lead Prosper direct post', () => {
  let lp: FakeBuyerServer;
  let server: TestServer;
  beforeAll(async () => {
    lp = await startFakeBuyerServer();
    server = await startTestServer({
      env: {
        ...FAST_DELIVERY_ENV,
        BUYERS_FILE: writeBuyersFile([]),
        LEAD_INGEST_PROVIDER: 'leadprosper',
        LEADPROSPER_URL: lp.url('direct_post'),
        LEADPROSPER_CAMPAIGN_ID: '13424',
        LEADPROSPER_SUPPLIER_ID: '27633',
        LEADPROSPER_KEY: '37hr3ofdee6',
      },
    });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await lp?.close();
  });

  it('posts the ingested lead in Lead Prosper’s fields and reads its ACCEPTED', async () => {
    const body = ticketLead();
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(201);
    const [job] = await waitFor(
      () => jobsOf(server.db, String(body.lead_id)),
      (jobs) => isFinal(jobs[0]?.status ?? ''),
    );
    expect(job).toMatchObject({ buyer_key: 'lead-ingest', lead_source: 'ingest', status: 'accepted' });
    const [request] = lp.requests;
    expect(request!.contentType).toBe('application/json');
    expect(request!.idempotencyKey).toBe(`${String(body.lead_id)}:lead-ingest`);
    expect(request!.body).toMatchObject({
      lp_campaign_id: '13424',
      lp_supplier_id: '27633',
      lp_key: '37hr3ofdee6',
      lp_action: '',
      lp_subid1: 'ticket-ad',
      first_name: 'Maria',
      phone: '5125550100',
      state: 'TX',
      zip_code: '78701',
      ticket_type: 'speeding',
      currently_represented: 'no',
      external_lead_id: body.lead_id,
    });
  });

  it('reads DUPLICATED and ERROR answers, and never posts /post-lead leads there', async () => {
    lp.behaviour = (_r, index) =>
      index === 1
        ? { status: 200, json: { status: 'DUPLICATED', code: 0, message: 'Duplicate lead' } }
        : { status: 200, json: { status: 'ERROR', code: 1006, message: 'Invalid zip_code' } };
    const duplicate = ticketLead();
    const refused = ticketLead();
    await postJson(`${server.url}/api/ingest`, { ...duplicate, email: 'dup@example.com', phone: '(512) 555-0111' });
    const dup = await waitFor(
      () => jobsOf(server.db, String(duplicate.lead_id)),
      (j) => isFinal(j[0]?.status ?? ''),
    );
    expect(dup[0]).toMatchObject({ status: 'duplicate', reason: 'Duplicate lead' });
    await postJson(`${server.url}/api/ingest`, { ...refused, email: 'err@example.com', phone: '(512) 555-0112' });
    const err = await waitFor(
      () => jobsOf(server.db, String(refused.lead_id)),
      (j) => isFinal(j[0]?.status ?? ''),
    );
    expect(err[0]).toMatchObject({ status: 'rejected', reason: 'Invalid zip_code' });
    expect((await attemptsOf(server.db, err[0]!.id))[0]?.answer_excerpt).toContain('1006');

    const lead = leadBody({ email: 'buyer@example.com', phone: '(512) 555-0113' });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    expect(await routingOf(server.db, String(lead.lead_id))).toMatchObject({
      outcome: 'not_sent',
      reason: 'no_buyers',
    });
  });
});

describe('lead-ingest service offline (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DELIVERY_WORKER: 'off' } });
  }, 30_000);
  afterAll(() => server?.close());

  it('keeps the ingested lead and records why it was not sent', async () => {
    const body = ticketLead();
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(201);
    expect(await jobsOf(server.db, String(body.lead_id))).toEqual([]);
    expect(await routingOf(server.db, String(body.lead_id))).toMatchObject({
      lead_source: 'ingest',
      outcome: 'not_sent',
      reason: 'lead_ingest_offline',
    });
  });

  it('refuses to start with LEAD_INGEST_PROVIDER=leadprosper and no campaign, naming the variables', async () => {
    await expect(startTestServer({ env: { LEAD_INGEST_PROVIDER: 'leadprosper' } })).rejects.toThrow(
      /LEADPROSPER_CAMPAIGN_ID: required when LEAD_INGEST_PROVIDER=leadprosper.*LEADPROSPER_KEY/,
    );
  });
});
