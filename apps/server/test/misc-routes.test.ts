import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from './start-test-server';

let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'operator-'));
  const mappings = path.join(dir, 'mappings.json');
  writeFileSync(
    mappings,
    JSON.stringify([{ affid: '5', oid: '81', lp_campaign_id: 'C1', lp_supplier_id: 'S1', lp_key: 'K1' }]),
  );
  const buyers = path.join(dir, 'buyers.json');
  const target = { kind: 'http', url: 'http://127.0.0.1:9/never-called' };
  writeFileSync(
    buyers,
    JSON.stringify([
      { key: 'texas-firm', name: 'Texas Firm', ids: ['101', '102'], states: ['TX'], price: 60, target },
      { key: 'national-firm', name: 'National Firm', ids: ['200'], price: 40, target },
      { key: 'injured-only', name: 'Injured Only', ids: ['300'], price: 50, criteria: { injured: true }, target },
      { key: 'fallback', name: 'Real Fallback Firm', ids: ['40747'], states: ['WY'], price: 10, target },
    ]),
  );
  server = await startTestServer({
    logLines,
    env: {
      LEAD_MAPPINGS_FILE: mappings,
      BUYERS_FILE: buyers,
      DELIVERY_WORKER: 'off',
    },
  });
});
afterAll(async () => {
  await server.close();
});

describe('progress, alerts, pre-submit and the visitor’s IP (§7)', () => {
  it('saves progress snapshots per session', async () => {
    const res = await postJson(`${server.url}/api/save-data`, {
      session: 's-1',
      data: [{ step: 'AtFault', value: 'no' }],
    });
    expect(res).toEqual({ status: 200, body: { userBackupStatus: true, userProgressionStatus: true } });
    const rows = await server.db.selectFrom('progress_snapshots').selectAll().where('session', '=', 's-1').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.data ?? '{}')).toEqual({ entries: [{ step: 'AtFault', value: 'no' }] });
  });

  it('refuses a save without a session', async () => {
    expect((await postJson(`${server.url}/api/save-data`, { data: [] })).body.fields[0]).toEqual({
      field: 'session',
      message: 'session is required',
    });
  });

  it("sends an alert of a kind the page may raise, in the server's words, and answers 204", async () => {
    const alert = { kind: 'page_error', variant: 'extended', step: 'PhoneAndZip' };
    expect((await postJson(`${server.url}/send-slack-message`, alert)).status).toBe(204);
    expect(logLines.some((l) => l.includes('Page error: variant extended, step PhoneAndZip.'))).toBe(true);
  });

  it('keeps the pre-submit consent evidence with the server’s own IP', async () => {
    const lead_id = '6f1c7a3e-2b2d-4c9a-9a53-0c7f3e4f9b10';
    const res = await postJson(`${server.url}/api/pre-submit`, {
      lead_id,
      zip_code: '78701',
      trusted_form_cert_id: 'cert-1',
    });
    expect(res.status).toBe(204);
    const [row] = await server.db
      .selectFrom('progress_snapshots')
      .selectAll()
      .where('session', '=', `pre-submit:${lead_id}`)
      .execute();
    expect(JSON.parse(row?.data ?? '{}')).toMatchObject({
      trusted_form_cert_id: 'cert-1',
      server_ip_address: '127.0.0.1',
    });
  });

  it('tells the visitor their IP', async () => {
    const res = await fetch(`${server.url}/api/ip`);
    expect(await res.json()).toEqual({ ip: '127.0.0.1' });
  });
});

describe('operator data: mappings and buyers (§7)', () => {
  it('answers the mapping of an affid and oid, given as numbers or digits', async () => {
    const expected = { lp_campaign_id: 'C1', lp_supplier_id: 'S1', lp_key: 'K1' };
    expect(await postJson(`${server.url}/inbound/get-mappings`, { affid: 5, oid: 81 })).toEqual({
      status: 200,
      body: expected,
    });
    expect((await postJson(`${server.url}/inbound/get-mappings`, { affid: '5', oid: '81' })).body).toEqual(expected);
  });

  it('answers 204 for an unknown pair and 400 for a non-number', async () => {
    expect((await postJson(`${server.url}/inbound/get-mappings`, { affid: 6, oid: 81 })).status).toBe(204);
    expect((await postJson(`${server.url}/inbound/get-mappings`, { affid: 'x', oid: 81 })).status).toBe(400);
  });

  const names = (list: { name: string }[]) => list.map((b) => b.name);

  it('offers the buyers that take the lead so far, best price first', async () => {
    const tx = await postJson(`${server.url}/buyers/get-available`, { fields: { state: 'TX', zip_code: '78701' } });
    // Injured Only's criterion reads a field the page does not have yet: not a refusal.
    expect(names(tx.body.selectedBuyers)).toEqual(['Texas Firm', 'Injured Only', 'National Firm']);
    const ca = await postJson(`${server.url}/buyers/get-available`, { fields: { state: 'CA', physical_injury: 'No' } });
    expect(names(ca.body.selectedBuyers)).toEqual(['National Firm']);
    expect((await postJson(`${server.url}/buyers/get-available`, {})).status).toBe(400);
  });

  it('puts the team entry 8674 first in all possible buyers (§9)', async () => {
    const tx = await postJson(`${server.url}/buyers/get-available`, { fields: { state: 'TX' } });
    expect(tx.body.allPossibleBuyers[0]).toEqual({ name: 'Default Team', ids: ['8674'] });
    expect(names(tx.body.allPossibleBuyers)).toHaveLength(5);
  });
});

describe('pre-population and settlement estimate (§7)', () => {
  it.each([
    [0, 'no'],
    [100, 'yes'],
  ])('percentage %i always answers %s', async (percentage, result) => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/check-affid-pre/5/${percentage}`);
      expect(await res.json()).toEqual({ result });
    }
  });

  it.each(['/check-affid-pre/5/101', '/check-affid-pre/x/50', '/check-affid-pre/5/2.5'])(
    '%s answers 400',
    async (p) => {
      expect((await fetch(`${server.url}${p}`)).status).toBe(400);
    },
  );

  it('estimates a level from the answers', async () => {
    const severe = await fetch(
      `${server.url}/api/settlement-estimate?specific_injury=Spinal%20Cord%20Injury&treatment_type=Ambulance`,
    );
    expect(await severe.json()).toEqual({ amount: 150000, compLevel: 7 });
    const minor = await fetch(
      `${server.url}/api/settlement-estimate?specific_injury=Cuts%20and%20Bruises&at_Fault=yes`,
    );
    expect(await minor.json()).toEqual({ amount: 1500, compLevel: 1 });
    expect((await fetch(`${server.url}/api/settlement-estimate?treatment_type=Magic`)).status).toBe(400);
  });
});
