/**
 * The ping adapters (issue 32 "Adapters"): Lead Prosper's ping and a boberdoo-style ping beside the generic
 * JSON ping, each table-driven over the request it builds and the answers it reads (a bid, a decline, a
 * malformed answer, a zero and a huge price, no ping id), the post that carries the winning bid's id, the
 * XML reading boberdoo needs, and a property over every ping kind: no personal data of a lead ever appears
 * in a ping's body or URL (issue 32 "Ping": never a name, email, phone, street, IP or description).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOBERDOO_POST_ANSWER,
  buildDeliveryRequest,
  buildPingRequest,
  BuyerConfigSchema,
  LEAD_PROSPER_DIRECT_POST_URL,
  LEAD_PROSPER_PING_URL,
  LEAD_PROSPER_POST_URL,
  PING_FIELDS,
  PingFieldSourceSchema,
  pingLead,
  PingTargetSchema,
  readBuyerAnswer,
  readPingAnswer,
  xmlField,
  type BuyerAnswer,
  type LeadFields,
  type PingDecline,
  type PingTarget,
  type PingVerdict,
  type SecretResolver,
} from '../src';

const secret: SecretResolver = (value) => (typeof value === 'string' ? value : `resolved-${value.env}`);
const noSecrets: SecretResolver = (value) => (typeof value === 'string' ? value : undefined);

const LEAD: LeadFields = {
  lead_id: 'lead-1',
  first_name: 'Ana',
  last_name: 'Quintero',
  email: 'ana@example.com',
  phone: '2125550143',
  address: '12 Elm Street',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  incident_date: '2026-03-14',
  physical_injury: 'Yes',
  doctor_treatment: 'Yes',
  at_Fault: 'No',
  with_Lawyer: 'No',
  police_report: 'Yes',
  variant: 'v4nv',
  language: 'en',
  sub_id: 'aff-7',
  ip_address: '203.0.113.9',
  case_description: 'Rear-ended at a light',
};

const PINGS = {
  json: PingTargetSchema.parse({ kind: 'json', url: 'https://buyer.example/ping' }),
  leadprosper: PingTargetSchema.parse({
    kind: 'leadprosper',
    campaignId: '6309',
    supplierId: '12465',
    key: { env: 'BUYER_SECRET_LP' },
  }),
  boberdoo: PingTargetSchema.parse({
    kind: 'boberdoo',
    url: 'https://buyer.example/api.php',
    key: { env: 'BUYER_SECRET_BOB' },
    src: 'funnel',
    leadType: '33',
  }),
} satisfies Record<PingTarget['kind'], PingTarget>;

function built(target: PingTarget, lead: LeadFields = LEAD) {
  const result = buildPingRequest(target, { lead: pingLead(lead), auctionId: 'lead-1:1', secret });
  if (!result.ok) throw new Error(result.problem);
  return result.request;
}

describe('Lead Prosper ping: the request', () => {
  it('posts JSON to api.leadprosper.io/ping with the campaign, supplier and key, the lead anonymized', () => {
    const request = built(PINGS.leadprosper);
    expect(request.url).toBe(LEAD_PROSPER_PING_URL);
    expect(request.deadlineMs).toBe(1500);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      lp_campaign_id: '6309',
      lp_supplier_id: '12465',
      lp_key: 'resolved-BUYER_SECRET_LP',
      lp_action: '',
      lp_subid1: 'aff-7',
      state: 'TX',
      zip_prefix: '787',
      incident_month: '03',
      incident_year: '2026',
      physical_injury: 'yes',
      doctor_treatment: 'yes',
      at_fault: 'no',
      currently_represented: 'no',
      police_report: 'yes',
      language: 'en',
      consent_type: 'partners',
    });
  });

  it('flags a test, takes the campaign’s own field names, and refuses a missing key', () => {
    const target = PingTargetSchema.parse({
      ...PINGS.leadprosper,
      testMode: true,
      fields: { zip3: 'zip_prefix', vertical: { value: 'mva' } },
    });
    expect(JSON.parse(built(target).body)).toMatchObject({ lp_action: 'test', zip3: '787', vertical: 'mva' });
    const missing = buildPingRequest(PINGS.leadprosper, { lead: pingLead(LEAD), auctionId: 'a', secret: noSecrets });
    expect(missing).toEqual({ ok: false, problem: 'lp_key: BUYER_SECRET_LP is not set' });
  });
});

describe('boberdoo ping: the request', () => {
  it('posts pingPostLead form fields in ping mode, the lead anonymized', () => {
    const request = built(PINGS.boberdoo);
    expect(request.url).toBe('https://buyer.example/api.php');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      Key: 'resolved-BUYER_SECRET_BOB',
      API_Action: 'pingPostLead',
      Mode: 'ping',
      TYPE: '33',
      SRC: 'funnel',
      Format: 'XML',
      State: 'TX',
      Zip_Prefix: '787',
      Accident_Month: '03',
      Accident_Year: '2026',
      Injured: 'Yes',
      Medical_Treatment: 'Yes',
      At_Fault: 'No',
      Has_Attorney: 'No',
      Police_Report: 'Yes',
      Language: 'en',
      Sub_ID: 'aff-7',
      Consent_Type: 'partners',
    });
  });

  it('asks for JSON when told, flags a test, and refuses a missing key', () => {
    const target = PingTargetSchema.parse({ ...PINGS.boberdoo, format: 'json', testMode: true });
    expect(Object.fromEntries(new URLSearchParams(built(target).body))).toMatchObject({
      Format: 'JSON',
      Test_Lead: '1',
    });
    const missing = buildPingRequest(PINGS.boberdoo, { lead: pingLead(LEAD), auctionId: 'a', secret: noSecrets });
    expect(missing).toEqual({ ok: false, problem: 'Key: BUYER_SECRET_BOB is not set' });
  });
});

const json = (body: unknown, status = 200): BuyerAnswer => ({ status, json: body, text: JSON.stringify(body) });
const text = (body: string, status = 200): BuyerAnswer => ({ status, json: undefined, text: body });
const bid = (priceCents: number, bidRef: string): Partial<PingVerdict> => ({
  kind: 'bid',
  priceCents,
  bidRef,
  validForMs: 60_000,
});
const declined = (reason: PingDecline): Partial<PingVerdict> => ({ kind: 'declined', reason });

describe('Lead Prosper ping: reading the answer', () => {
  const cases: [string, BuyerAnswer, Partial<PingVerdict>][] = [
    ['a bid (price)', json({ status: 'ACCEPTED', ping_id: 'p-1', price: 42.5 }), bid(4250, 'p-1')],
    ['a bid (payout, as text)', json({ status: 'ACCEPTED', ping_id: 'p-2', payout: '35.70' }), bid(3570, 'p-2')],
    [
      'a shared campaign’s bids',
      json({ status: 'ACCEPTED', ping_id: 'p-3', bids: [{ bid_id: 'b', payout: 20 }] }),
      bid(2000, 'p-3'),
    ],
    ['status in lower case', json({ status: 'accepted', ping_id: 'p-4', price: 1 }), bid(100, 'p-4')],
    [
      'a decline',
      json({ status: 'ERROR', code: 1002, message: 'No buyers' }),
      { ...declined('no_bid'), message: 'ERROR 1002 No buyers' },
    ],
    ['a duplicate', json({ status: 'DUPLICATED', message: 'dupe' }), declined('no_bid')],
    ['a zero price', json({ status: 'ACCEPTED', ping_id: 'p-5', price: 0 }), declined('no_bid')],
    ['a zero price as text', json({ status: 'ACCEPTED', ping_id: 'p-5', price: '0.00' }), declined('no_bid')],
    ['a huge price', json({ status: 'ACCEPTED', ping_id: 'p-6', price: 1_000_000 }), declined('bad-answer')],
    ['a negative price', json({ status: 'ACCEPTED', ping_id: 'p-6', price: -5 }), declined('bad-answer')],
    ['a price in exponent form', json({ status: 'ACCEPTED', ping_id: 'p-6', price: '1e3' }), declined('bad-answer')],
    ['no price', json({ status: 'ACCEPTED', ping_id: 'p-7' }), declined('bad-answer')],
    ['no ping id', json({ status: 'ACCEPTED', price: 30 }), { ...declined('bad-answer'), message: 'no ping_id' }],
    ['an empty ping id', json({ status: 'ACCEPTED', ping_id: ' ', price: 30 }), declined('bad-answer')],
    ['no status', json({ ping_id: 'p-8', price: 30 }), declined('bad-answer')],
    ['not JSON', text('<html>oops</html>'), declined('bad-answer')],
    ['a JSON array', json([1, 2]), declined('bad-answer')],
    ['HTTP 500', json({ status: 'ACCEPTED', ping_id: 'p', price: 9 }, 500), declined('http-status')],
    ['HTTP 401', json({ status: 'ERROR' }, 401), declined('http-status')],
  ];
  it.each(cases)('%s', (_name, answer, verdict) => {
    expect(readPingAnswer(PINGS.leadprosper, answer)).toMatchObject(verdict);
  });

  it('a bid holds for the configured seconds', () => {
    const target = PingTargetSchema.parse({ ...PINGS.leadprosper, bidValidSeconds: 15 });
    expect(readPingAnswer(target, json({ status: 'ACCEPTED', ping_id: 'p', price: 5 }))).toMatchObject({
      validForMs: 15_000,
    });
  });
});

const xml = (inner: string) => text(`<?xml version="1.0" encoding="UTF-8"?>\n<response>\n${inner}\n</response>`);

describe('boberdoo ping: reading the answer', () => {
  const cases: [string, BuyerAnswer, Partial<PingVerdict>][] = [
    ['a bid', xml('<status>Matched</status><lead_id>21777961</lead_id><price>6.66</price>'), bid(666, '21777961')],
    [
      'a bid, CDATA lead id',
      xml('<status>Matched</status><lead_id><![CDATA[ab&c]]></lead_id><price>10</price>'),
      bid(1000, 'ab&c'),
    ],
    ['unmatched', xml('<status>Unmatched</status>'), { ...declined('no_bid'), message: 'Unmatched' }],
    [
      'an error',
      xml('<status>Error</status><error>Missing Zip</error>'),
      { ...declined('no_bid'), message: 'Error: Missing Zip' },
    ],
    ['a zero price', xml('<status>Matched</status><lead_id>1</lead_id><price>0.00</price>'), declined('no_bid')],
    ['a huge price', xml('<status>Matched</status><lead_id>1</lead_id><price>99999</price>'), declined('bad-answer')],
    [
      'a price that is not a number',
      xml('<status>Matched</status><lead_id>1</lead_id><price>$5</price>'),
      declined('bad-answer'),
    ],
    [
      'a price holding elements',
      xml('<status>Matched</status><lead_id>1</lead_id><price><a>5</a></price>'),
      declined('bad-answer'),
    ],
    [
      'no lead id',
      xml('<status>Matched</status><price>6.66</price>'),
      { ...declined('bad-answer'), message: 'no lead_id' },
    ],
    ['an empty lead id', xml('<status>Matched</status><lead_id/><price>6.66</price>'), declined('bad-answer')],
    ['no price', xml('<status>Matched</status><lead_id>1</lead_id>'), declined('bad-answer')],
    ['an unknown status', xml('<status>Maybe</status>'), declined('bad-answer')],
    [
      'no response element',
      text('<status>Matched</status><lead_id>1</lead_id><price>5</price>'),
      declined('bad-answer'),
    ],
    ['garbage', text('Internal error, try later'), declined('bad-answer')],
    ['JSON to an XML ping', json({ status: 'Matched', lead_id: 1, price: 5 }), declined('bad-answer')],
    [
      'an unclosed element',
      text('<response><status>Matched</status><lead_id>1</lead_id><price>5'),
      declined('bad-answer'),
    ],
    ['HTTP 503', text('<response><status>Matched</status></response>', 503), declined('http-status')],
  ];
  it.each(cases)('%s', (_name, answer, verdict) => {
    expect(readPingAnswer(PINGS.boberdoo, answer)).toMatchObject(verdict);
  });

  it('reads a JSON answer, under `response` or at the top, when the ping asked for JSON', () => {
    const target = PingTargetSchema.parse({ ...PINGS.boberdoo, format: 'json' });
    expect(
      readPingAnswer(target, json({ response: { status: 'Matched', lead_id: '9', price: '4.20' } })),
    ).toMatchObject(bid(420, '9'));
    expect(readPingAnswer(target, json({ status: 'Matched', lead_id: 9, price: 4.2 }))).toMatchObject(bid(420, '9'));
    expect(readPingAnswer(target, json({ status: 'Unmatched' }))).toMatchObject(declined('no_bid'));
    expect(readPingAnswer(target, xml('<status>Matched</status>'))).toMatchObject(declined('bad-answer'));
  });
});

describe('xmlField', () => {
  const cases: [string, string | undefined, string, string | undefined][] = [
    ['a leaf', '<r><s>ok</s></r>', 'r.s', 'ok'],
    ['entities', '<r><s>a &amp; b &lt;c&gt; &#65;&#x42;</s></r>', 'r.s', 'a & b <c> AB'],
    ['attributes are skipped', '<r><s kind="x">ok</s></r>', 'r.s', 'ok'],
    ['a longer name is another element', '<r><status2>x</status2></r>', 'r.status', undefined],
    ['an element holding elements', '<r><s><t>1</t></s></r>', 'r.s', undefined],
    ['an empty element', '<r><s/></r>', 'r.s', ''],
    ['not XML', 'status=ok', 'status', undefined],
    ['no text', undefined, 'r', undefined],
    ['a path that is not a name', '<r>1</r>', 'r.(', undefined],
  ];
  it.each(cases)('%s', (_name, body, path, value) => {
    expect(xmlField(body, path)).toBe(value);
  });
});

describe('the post of a ping-post lead carries the winning bid’s id', () => {
  const lp = BuyerConfigSchema.parse({
    key: 'lp-buyer',
    name: 'LP',
    ids: ['1'],
    price: 0,
    target: { kind: 'leadprosper', campaignId: '6309', supplierId: '12465', key: 'k' },
  }).target;
  const post = (target: typeof lp, bidId?: string) => {
    const result = buildDeliveryRequest(target, { lead: LEAD, leadId: 'lead-1', buyerKey: 'b', secret, bidId });
    if (!result.ok) throw new Error(result.problem);
    return result.request;
  };

  it('Lead Prosper: lp_ping_id, to /post; a direct post (no bid) unchanged', () => {
    const pinged = post(lp, 'ping-42');
    expect(pinged.url).toBe(LEAD_PROSPER_POST_URL);
    expect(JSON.parse(pinged.body)).toMatchObject({ lp_ping_id: 'ping-42', lp_key: 'k', phone: '2125550143' });
    const direct = post(lp);
    expect(direct.url).toBe(LEAD_PROSPER_DIRECT_POST_URL);
    expect(JSON.parse(direct.body)).not.toHaveProperty('lp_ping_id');
    const own = BuyerConfigSchema.shape.target.parse({ ...lp, url: 'https://lp.example/post' });
    expect(post(own, 'p').url).toBe('https://lp.example/post');
  });

  const bob = BuyerConfigSchema.shape.target.parse({
    kind: 'boberdoo',
    url: 'https://buyer.example/api.php',
    key: { env: 'BUYER_SECRET_BOB' },
    src: 'funnel',
    leadType: '33',
    fields: { Case_Type: { value: 'MVA' } },
  });

  it('boberdoo: Mode=post with the ping’s Lead_ID, or Mode=full with none; an XML answer', () => {
    const pinged = post(bob, '21777961');
    const body = Object.fromEntries(new URLSearchParams(pinged.body));
    expect(body).toMatchObject({
      Key: 'resolved-BUYER_SECRET_BOB',
      API_Action: 'pingPostLead',
      Mode: 'post',
      Lead_ID: '21777961',
      TYPE: '33',
      SRC: 'funnel',
      Format: 'XML',
      First_Name: 'Ana',
      Primary_Phone: '2125550143',
      Zip: '78701',
      Case_Type: 'MVA',
    });
    expect(pinged.answer).toEqual(BOBERDOO_POST_ANSWER);
    const full = Object.fromEntries(new URLSearchParams(post(bob).body));
    expect(full.Mode).toBe('full');
    expect(full).not.toHaveProperty('Lead_ID');
  });

  const answers: [string, BuyerAnswer, string][] = [
    ['matched', xml('<status>Matched</status><lead_id>5</lead_id>'), 'accepted'],
    ['unmatched', xml('<status>Unmatched</status>'), 'rejected'],
    ['an error', xml('<status>Error</status><error>Lead_ID expired</error>'), 'rejected'],
    ['garbage', text('oops'), 'failed'],
    ['HTTP 502', text('', 502), 'failed'],
  ];
  it.each(answers)('boberdoo post answer: %s', (_name, answer, kind) => {
    expect(readBuyerAnswer(BOBERDOO_POST_ANSWER, answer).kind).toBe(kind);
  });
  it('a refusal keeps the buyer’s reason', () => {
    expect(readBuyerAnswer(BOBERDOO_POST_ANSWER, xml('<status>Error</status><error>expired</error>'))).toEqual({
      kind: 'rejected',
      message: 'expired',
    });
  });
});

describe('no personal data in any ping (issue 32 "Ping")', () => {
  it('a ping field source can name only the anonymized ping fields', () => {
    for (const field of ['email', 'phone', 'first_name', 'address', 'ip_address', 'case_description', 'zip_code']) {
      expect(PingFieldSourceSchema.safeParse(field).success).toBe(false);
      expect(PingFieldSourceSchema.safeParse({ field, format: 'lowercase' }).success).toBe(false);
    }
  });

  /** Every kind as configured by default, and with every ping field under a name of the buyer's own. */
  const everyField = Object.fromEntries(PING_FIELDS.map((field) => [`x_${field}`, field]));
  const targets: PingTarget[] = [
    ...Object.values(PINGS),
    PingTargetSchema.parse({ ...PINGS.json, fields: everyField }),
    PingTargetSchema.parse({ ...PINGS.leadprosper, fields: everyField }),
    PingTargetSchema.parse({ ...PINGS.boberdoo, format: 'json', fields: everyField }),
  ];
  const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{7,15}$/);
  const lead = fc.record({
    first_name: token,
    last_name: token,
    email: fc.tuple(token, token).map(([user, host]) => `${user}@${host}.com`),
    phone: fc.stringMatching(/^[2-9]\d{9}$/),
    address: fc.tuple(fc.integer({ min: 100, max: 99_999 }), token).map(([n, street]) => `${n} ${street} Street`),
    city: token,
    zip_code: fc.stringMatching(/^\d{5}$/),
    ip_address: fc.ipV4(),
    user_agent: token.map((t) => `Mozilla/5.0 (${t})`),
    case_description: fc.tuple(token, token).map(([a, b]) => `${a} hit me ${b}`),
    date_of_birth: fc
      .date({ min: new Date('1940-01-01'), max: new Date('2005-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    state: fc.constantFrom('TX', 'CA', 'NY', ''),
    incident_date: fc.constantFrom('2026-03-14', '2025-11-02', ''),
    physical_injury: fc.constantFrom('Yes', 'No'),
    sub_id: fc.constantFrom('aff-7', ''),
  });

  it('no name, email, phone, street, city, full zip, IP, user agent, birth date or description in a body or URL', () => {
    fc.assert(
      fc.property(lead, fc.constantFrom(...targets), (person, target) => {
        const request = built(target, person);
        const sent = `${request.url}\n${request.body}\n${decodeURIComponent(request.body.replace(/\+/g, ' '))}`;
        const personal = [
          person.first_name,
          person.last_name,
          person.email,
          person.phone,
          person.address,
          person.city,
          person.zip_code,
          person.ip_address,
          person.user_agent,
          person.case_description,
          person.date_of_birth,
        ];
        for (const value of personal) expect(sent).not.toContain(value);
      }),
      { numRuns: 300 },
    );
  });
});
