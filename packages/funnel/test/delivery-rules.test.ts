/**
 * Delivery's pure rules (issue 14): which buyers may have a lead and in what order, when a failure is
 * tried again, what a buyer's answer means, the body a buyer receives, and the buyers file's checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDeliveryRequest,
  buildPayload,
  BuyerConfigSchema,
  buyerRefusal,
  BuyersFileSchema,
  buyersWanted,
  capPeriods,
  consentedBuyerIds,
  DEFAULT_RETRY_POLICY,
  LEAD_PROSPER_ANSWER,
  leadNotSendable,
  nextAttemptAt,
  rankBuyers,
  readBuyerAnswer,
  retryDelayMs,
  type AnswerRule,
  type BuyerConfig,
  type BuyerConfigInput,
} from '../src';

const target = { kind: 'http', url: 'https://buyer.example/leads' } as const;
const buyer = (input: Partial<BuyerConfigInput> & { key: string }): BuyerConfig =>
  BuyerConfigSchema.parse({ name: input.key, ids: ['1'], price: 10, target, ...input });

const LEAD = {
  lead_id: 'f3f1b8a4-5a56-4a43-9d57-3f3e0fb0a001',
  state: 'TX',
  language: 'en',
  variant: 'extended',
  physical_injury: 'Yes',
  at_Fault: 'no',
  with_Lawyer: 'no',
  doctor_treatment: 'Yes',
  days_from_incident_date: 40,
  phone: '5125550100',
  email: 'maria@example.com',
  is_disqualified: false,
  suppressed: 'no',
};

describe('buyer eligibility (issue 14: states, criteria, consent)', () => {
  const refusals: [Partial<BuyerConfigInput>, Record<string, unknown>, string][] = [
    [{ active: false }, {}, 'inactive'],
    [{ states: ['CA', 'NV'] }, {}, 'state'],
    [{ states: ['TX'] }, { state: '' }, 'state'],
    [{ criteria: { injured: true } }, { physical_injury: 'No' }, 'criteria:injured'],
    [{ criteria: { notAtFault: true } }, { at_Fault: 'yes' }, 'criteria:notAtFault'],
    [{ criteria: { noLawyer: true } }, { with_Lawyer: 'yes' }, 'criteria:noLawyer'],
    [{ criteria: { treated: true } }, { doctor_treatment: 'No' }, 'criteria:treated'],
    [{ criteria: { maxAccidentAgeDays: 30 } }, {}, 'criteria:maxAccidentAgeDays'],
    [{ criteria: { languages: ['es'] } }, {}, 'criteria:languages'],
    [{ criteria: { variants: ['v5'] } }, {}, 'criteria:variants'],
    [{ criteria: { fields: [{ field: 'police_report', in: ['yes'] }] } }, {}, 'criteria:fields:police_report'],
    [{ ids: ['7'] }, { '1_to_1_consent': 'yes', selected_buyers: '_8_9_' }, 'not_consented'],
  ];
  it.each(refusals)('refuses %j for %j: %s', (config, lead, reason) => {
    expect(buyerRefusal({ ...LEAD, ...lead }, buyer({ key: 'b', ...config }))).toBe(reason);
  });

  const takes: [Partial<BuyerConfigInput>, Record<string, unknown>][] = [
    [{ states: ['TX'] }, {}],
    [{ criteria: { injured: true, notAtFault: true, noLawyer: true, treated: true, maxAccidentAgeDays: 40 } }, {}],
    [{ ids: ['8', '9'] }, { '1_to_1_consent': 'yes', selected_buyers: '_1_9_' }],
    // No one-to-one consent: the consent text covered our partners; selected_buyers is not read.
    [{ ids: ['7'] }, { '1_to_1_consent': 'no', selected_buyers: '_8_' }],
  ];
  it.each(takes)('takes %j for %j', (config, lead) => {
    expect(buyerRefusal({ ...LEAD, ...lead }, buyer({ key: 'b', ...config }))).toBeNull();
  });

  it('fails closed on a stored lead missing a criterion’s field, but not on a page that has not asked yet', () => {
    const injured = buyer({ key: 'b', criteria: { injured: true, maxAccidentAgeDays: 10 } });
    expect(buyerRefusal({ state: 'TX' }, injured)).toBe('criteria:injured');
    expect(buyerRefusal({ state: 'TX' }, injured, 'partial')).toBeNull();
    expect(buyerRefusal({ state: 'TX', physical_injury: 'No' }, injured, 'partial')).toBe('criteria:injured');
  });

  // A consent page knows the visit's tracking from its landing URL (§3 "Tracking"): a firm whose criteria
  // need a sub_id the visit does not carry could never receive the lead, so it is not offered either.
  it.each([
    [{ state: 'TX' }, 'criteria:fields:sub_id'],
    [{ state: 'TX', sub_id: '' }, 'criteria:fields:sub_id'],
    [{ state: 'TX', sub_id: 'other' }, 'criteria:fields:sub_id'],
    [{ state: 'TX', sub_id: 'spring' }, null],
  ])('a tracking criterion on a page: %j → %s', (fields, refusal) => {
    const bySubId = buyer({ key: 'b', criteria: { fields: [{ field: 'sub_id', in: ['spring'] }] } });
    expect(buyerRefusal(fields, bySubId, 'partial')).toBe(refusal);
    expect(buyerRefusal(fields, bySubId)).toBe(refusal);
  });

  it('a criterion on an answer the page has not asked yet still refuses nothing', () => {
    const byReport = buyer({ key: 'b', criteria: { fields: [{ field: 'police_report', in: ['yes'] }] } });
    expect(buyerRefusal({ state: 'TX' }, byReport, 'partial')).toBeNull();
    expect(buyerRefusal({ state: 'TX' }, byReport)).toBe('criteria:fields:police_report');
  });

  it('reads §3 selected_buyers only under 1_to_1_consent yes', () => {
    expect(consentedBuyerIds({ '1_to_1_consent': 'yes', selected_buyers: '_1_2_3_' })).toEqual(
      new Set(['1', '2', '3']),
    );
    expect(consentedBuyerIds({ '1_to_1_consent': 'yes' })).toEqual(new Set());
    expect(consentedBuyerIds({ selected_buyers: '_1_' })).toBeNull();
  });
});

describe('routing rule (exclusive or shared up to N)', () => {
  it('ranks eligible buyers by price, then priority, then key, and lists the others with a reason', () => {
    const ranked = rankBuyers(LEAD, [
      buyer({ key: 'c', price: 50 }),
      buyer({ key: 'a', price: 80 }),
      buyer({ key: 'b', price: 50, priority: 2 }),
      buyer({ key: 'd', price: 99, states: ['CA'] }),
    ]);
    expect(ranked.candidates.map((b) => b.key)).toEqual(['a', 'b', 'c']);
    expect(ranked.refused).toEqual([{ buyer: 'd', result: 'refused', reason: 'state' }]);
  });

  it('wants one buyer exclusively, N when shared', () => {
    expect(buyersWanted({ mode: 'exclusive' })).toBe(1);
    expect(buyersWanted({ mode: 'shared', maxBuyers: 3 })).toBe(3);
  });

  it('never sends disqualified or suppressed leads', () => {
    expect(leadNotSendable(LEAD)).toBeNull();
    expect(leadNotSendable({ ...LEAD, is_disqualified: true, dq_reason: 'at_Fault|yes' })).toBe(
      'disqualified:at_Fault|yes',
    );
    expect(leadNotSendable({ ...LEAD, suppressed: 'yes', is_disqualified: true })).toBe('suppressed');
  });
});

describe('retries: exponential backoff with jitter, within the window', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 60_000, windowMs: 3_600_000 };

  it('doubles from the base, capped, with half of each wait random', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(policy, n, 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(policy, n, 0.999999))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(policy, 30, 0.5)).toBe(45_000);
  });

  it('property: every wait is between half the capped exponential and the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const delay = retryDelayMs(DEFAULT_RETRY_POLICY, n, r);
          const capped = Math.min(DEFAULT_RETRY_POLICY.maxDelayMs, DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** (n - 1));
          return delay >= capped / 2 - 1 && delay <= capped;
        },
      ),
    );
  });

  it('is dead once the window is over, and never schedules past it', () => {
    const deadline = new Date('2026-11-23T12:00:00Z');
    expect(nextAttemptAt(policy, { deadline, failedAt: deadline, attempt: 3, random: 0.5 })).toBeNull();
    const late = nextAttemptAt(policy, {
      deadline,
      failedAt: new Date('2026-11-23T11:59:59Z'),
      attempt: 9,
      random: 0.9,
    });
    expect(late).toEqual(deadline);
  });

  it('by default retries for 24 hours, waiting at most an hour', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ baseDelayMs: 30_000, maxDelayMs: 3_600_000, windowMs: 86_400_000 });
  });
});

describe('reading a buyer’s answer', () => {
  // Lead Prosper's answer: {status: ACCEPTED|DUPLICATED|ERROR, message}.
  const lp = LEAD_PROSPER_ANSWER;
  it.each([
    [lp, 200, { status: 'ACCEPTED', lead_id: '9' }, 'accepted'],
    [lp, 200, { status: 'accepted' }, 'accepted'],
    [lp, 200, { status: 'DUPLICATED' }, 'duplicate'],
    [lp, 200, { status: 'ERROR', message: 'Bad zip' }, 'rejected'],
    [lp, 422, { status: 'ERROR' }, 'rejected'],
    [lp, 400, undefined, 'rejected'],
    [lp, 200, { status: 'PENDING' }, 'failed'],
    [lp, 200, undefined, 'failed'],
    [lp, 500, { status: 'ACCEPTED' }, 'failed'],
    [lp, 429, undefined, 'failed'],
    [lp, 408, undefined, 'failed'],
    [{ kind: 'http-status' } as const, 201, undefined, 'accepted'],
    [{ kind: 'http-status' } as const, 409, undefined, 'duplicate'],
    [{ kind: 'http-status' } as const, 400, undefined, 'rejected'],
    [{ kind: 'http-status' } as const, 302, undefined, 'failed'],
    [{ kind: 'http-status' } as const, 503, undefined, 'failed'],
  ] satisfies [AnswerRule, number, unknown, string][])('%j, HTTP %i %j: %s', (rule, status, json, kind) => {
    expect(readBuyerAnswer(rule, { status, json }).kind).toBe(kind);
  });

  it('keeps the buyer’s message and reads nested fields', () => {
    expect(readBuyerAnswer(lp, { status: 200, json: { status: 'ERROR', message: 'Bad zip' } })).toEqual({
      kind: 'rejected',
      message: 'Bad zip',
    });
    const nested: AnswerRule = {
      kind: 'json-field',
      field: 'result.code',
      accepted: ['1'],
      duplicate: [],
      rejected: [],
    };
    expect(readBuyerAnswer(nested, { status: 200, json: { result: { code: 1 } } }).kind).toBe('accepted');
  });
});

describe('the body a buyer receives', () => {
  it('maps lead fields, constants, formats and the idempotency key; leaves out what the lead lacks', () => {
    const payload = buildPayload(
      {
        phone_home: 'phone',
        injured: { field: 'physical_injury', format: 'lowercase' },
        st: { field: 'state', format: 'uppercase' },
        source: { value: 'funnel' },
        key: { idempotencyKey: true },
        bid: { bidId: true },
        dob: 'date_of_birth',
      },
      LEAD,
      { idempotencyKey: 'k-1', bidId: 'b-7' },
    );
    expect(payload).toEqual({
      phone_home: '5125550100',
      injured: 'yes',
      st: 'TX',
      source: 'funnel',
      key: 'k-1',
      bid: 'b-7',
    });
  });

  it('sends our standard fields when the buyer has no map', () => {
    expect(buildPayload(undefined, LEAD, { idempotencyKey: 'k', bidId: '' })).toMatchObject({
      lead_id: LEAD.lead_id,
      phone: '5125550100',
      state: 'TX',
    });
  });

  it('builds Lead Prosper’s direct post with its campaign, supplier and key, and lp_action test in test mode', () => {
    const lp = BuyerConfigSchema.parse({
      key: 'lp',
      name: 'LP',
      ids: ['lp'],
      price: 0,
      target: {
        kind: 'leadprosper',
        campaignId: '13424',
        supplierId: '27633',
        key: { env: 'BUYER_SECRET_LP_KEY' },
        testMode: true,
      },
    }).target;
    const missing = buildDeliveryRequest(lp, { lead: LEAD, leadId: 'L', buyerKey: 'lp', secret: () => undefined });
    expect(missing).toEqual({ ok: false, problem: 'lp_key: environment variable BUYER_SECRET_LP_KEY is not set' });
    const built = buildDeliveryRequest(lp, { lead: LEAD, leadId: 'L', buyerKey: 'lp', secret: () => 'k3y' });
    if (!built.ok) throw new Error(built.problem);
    expect(built.request.url).toBe('https://api.leadprosper.io/direct_post');
    expect(built.request.headers['idempotency-key']).toBe('L:lp');
    expect(JSON.parse(built.request.body)).toMatchObject({
      lp_campaign_id: '13424',
      lp_supplier_id: '27633',
      lp_key: 'k3y',
      lp_action: 'test',
      phone: '5125550100',
      physical_injury: 'yes',
    });
  });
});

describe('the buyers file', () => {
  it('names what is wrong: unknown lead fields, bad keys, time zones, duplicate keys', () => {
    const result = BuyersFileSchema.safeParse([
      { key: 'Bad Key', name: 'x', ids: ['1'], price: 1, target },
      {
        key: 'a',
        name: 'x',
        ids: ['1'],
        price: 1,
        timeZone: 'Mars/Base',
        target: { ...target, fields: { p: 'phon' } },
      },
      { key: 'a', name: 'y', ids: ['2'], price: 1, target: { kind: 'http', url: 'ftp://x' } },
    ]);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^0\.key: A buyer key is/),
        '1.timeZone: timeZone is not an IANA time zone',
        expect.stringMatching(/^1\.target\.fields\.p/),
        '2.target.url: url must be an http(s) URL or a path on this server',
        '2.key: buyer key a is used twice',
      ]),
    );
  });

  it('fills defaults: active, priority 0, Eastern time, no caps, HTTP-status answers, JSON', () => {
    expect(buyer({ key: 'x' })).toMatchObject({
      active: true,
      priority: 0,
      timeZone: 'America/New_York',
      caps: {},
      criteria: {},
      target: { format: 'json', headers: {}, answer: { kind: 'http-status' } },
    });
  });
});

describe('cap periods, in the buyer’s own time zone', () => {
  it('counts a late evening in Los Angeles on its own day, and in UTC on the next', () => {
    const at = new Date('2026-12-01T05:30:00Z');
    expect(capPeriods(at, 'America/Los_Angeles')).toEqual({ day: 'day:2026-11-30', month: 'month:2026-11' });
    expect(capPeriods(at, 'UTC')).toEqual({ day: 'day:2026-12-01', month: 'month:2026-12' });
  });

  it('reads the same periods as the zone’s own calendar, whatever was read before (issue 15: kept per second)', () => {
    const calendarDay = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);
    const expectRead = (ms: number, timeZone: string) => {
      const day = calendarDay(ms, timeZone);
      expect(capPeriods(new Date(ms), timeZone)).toEqual({ day: `day:${day}`, month: `month:${day.slice(0, 7)}` });
    };
    // Reads within a minute and a half of a day's start in the zone (a cache keyed coarser than its days'
    // starts reads the day before), in any order.
    const dayStarts = [
      { timeZone: 'UTC', at: '2026-03-08T00:00:00Z' },
      { timeZone: 'America/Los_Angeles', at: '2026-12-01T08:00:00Z' },
      { timeZone: 'Asia/Kathmandu', at: '2026-03-07T18:15:00Z' },
      { timeZone: 'America/St_Johns', at: '2026-07-01T02:30:00Z' },
      { timeZone: 'Australia/Lord_Howe', at: '2026-06-30T13:30:00Z' },
    ];
    for (const { timeZone, at } of dayStarts)
      expect(calendarDay(Date.parse(at), timeZone)).not.toBe(calendarDay(Date.parse(at) - 1, timeZone));
    fc.assert(
      fc.property(
        fc.constantFrom(...dayStarts),
        fc.array(fc.integer({ min: -90_000, max: 90_000 }), { minLength: 2, maxLength: 20 }),
        ({ timeZone, at }, offsets) => {
          for (const ms of offsets) expectRead(Date.parse(at) + ms, timeZone);
        },
      ),
    );
    // And anywhere in the years around now, in any of the zones.
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2032-01-01T00:00:00Z') }),
            fc.constantFrom(...dayStarts.map((d) => d.timeZone)),
          ),
        ),
        (reads) => {
          for (const [ms, timeZone] of reads) expectRead(ms, timeZone);
        },
      ),
    );
  });

  it('tells apart two instants of one time zone a second apart across its midnight', () => {
    const before = new Date('2026-12-01T07:59:59.999Z');
    const after = new Date('2026-12-01T08:00:00.000Z');
    expect(capPeriods(before, 'America/Los_Angeles').day).toBe('day:2026-11-30');
    expect(capPeriods(after, 'America/Los_Angeles').day).toBe('day:2026-12-01');
    expect(capPeriods(before, 'America/Los_Angeles').day).toBe('day:2026-11-30');
  });
});
