import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTimeOnSteps, parseTimeOnSteps } from '../src/tracking/time-on-steps';
import { cleanParam, readTracking } from '../src/tracking/read-tracking';
import { buildThankYouUrl } from '../src/tracking/thank-you-url';

describe('tracking parameters (§3)', () => {
  it('applies the defaults sub_id 1, affid 1, oid 81', () => {
    expect(readTracking('')).toMatchObject({ sub_id: '1', affid: '1', oid: '81', click_id: '', ef_transaction_id: '' });
  });

  it('maps sub1–sub5 (sub5 → click_id), oid, lp_* and _ef_transaction_id', () => {
    const t = readTracking(
      '?sub1=a&sub2=b&sub3=c&sub4=d&sub5=clk&oid=56&lp_key=K&lp_campaign_id=516&lp_supplier_id=9&_ef_transaction_id=tx1',
    );
    expect(t).toMatchObject({
      sub_id: 'a',
      sub_id2: 'b',
      sub_id3: 'c',
      sub_id4: 'd',
      click_id: 'clk',
      oid: '56',
      lp_key: 'K',
      lp_campaign_id: '516',
      lp_supplier_id: '9',
      ef_transaction_id: 'tx1',
    });
  });

  it('reads s1 as the sub id when sub1 is absent', () => {
    expect(readTracking('?s1=legacy').sub_id).toBe('legacy');
    expect(readTracking('?s1=legacy&sub1=new').sub_id).toBe('new');
  });

  // §3: "Values that look like an unfilled {placeholder} become empty" — in every macro form the ad
  // platforms leave behind: {sub1} (Google), {{ad.id}} (Meta), __CID__ (TikTok).
  it.each([
    ['{sub1}', ''],
    [' {affid} ', ''],
    ['{{ad.id}}', ''],
    ['{{campaign.name}}', ''],
    [' {{ adset.id }} ', ''],
    ['__CID__', ''],
    ['__CAMPAIGN_ID__', ''],
    ['{a}{b}', '{a}{b}'],
    ['{{a}', '{{a}'],
    ['ad_{{ad.id}}', 'ad_{{ad.id}}'],
    ['__init__', '__init__'],
    ['abc', 'abc'],
    [null, ''],
  ])('cleanParam(%j) = %j', (raw, expected) => {
    expect(cleanParam(raw)).toBe(expected);
  });

  it('turns an unfilled placeholder into the default', () => {
    expect(readTracking('?sub1={sub1}&oid={oid}&sub5={sub5}')).toMatchObject({ sub_id: '1', oid: '81', click_id: '' });
    expect(readTracking('?sub1={{ad.id}}&sub2={{adset.id}}&fbclid={{fbclid}}&sub5=__CID__')).toMatchObject({
      sub_id: '1',
      sub_id2: '',
      fbclid: '',
      click_id: '',
    });
  });

  it('formats time_on_steps as step:seconds joined by |', () => {
    expect(
      formatTimeOnSteps([
        { step: 'StartPath', ms: 3400 },
        { step: 'AtFault', ms: 800 },
      ]),
    ).toBe('StartPath:3|AtFault:1');
  });
});

describe('thank-you URL (§7)', () => {
  const base = {
    page: { path: '/survey-thank-you/' },
    language: 'en' as const,
    contact: { email: 'a@b.co', phone: '5125550100', zip_code: '78701' },
    tracking: { ef_transaction_id: 'tx9', affid: '1', sub_id: 'abc' },
  };

  it('carries contact, place, tracking and q=y for a qualified lead, dropping _ef_transaction_id', () => {
    const url = buildThankYouUrl({
      ...base,
      landingSearch: '?sub1=abc&_ef_transaction_id=tx9',
      derived: {
        city: 'Austin',
        state: 'TX',
        state_long: 'Texas',
        is_disqualified: false,
        dq_reason: '',
        lead_is_qualified: 'yes',
      },
    });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/survey-thank-you/');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      sub1: 'abc',
      email: 'a@b.co',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      phone: '5125550100',
      state_long: 'Texas',
      ef_transaction_id: 'tx9',
      affid: '1',
      sub_id: 'abc',
      is_disqualified: 'false',
      q: 'y',
    });
  });

  it('adds dq_reason and q=n for a disqualified lead, and lang=es in Spanish', () => {
    const url = buildThankYouUrl({
      ...base,
      language: 'es',
      landingSearch: '',
      derived: {
        city: '',
        state: '',
        state_long: '',
        is_disqualified: true,
        dq_reason: 'have_attorney|yes',
        lead_is_qualified: 'no',
      },
    });
    const q = new URL(url, 'http://x').searchParams;
    expect([q.get('q'), q.get('dq_reason'), q.get('is_disqualified'), q.get('lang')]).toEqual([
      'n',
      'have_attorney|yes',
      'true',
      'es',
    ]);
  });

  // §1: "Spanish is used when […] it is the survey thank-you page with the query parameter lang equal to
  // es. Otherwise English." The thank-you lang comes from the variant's language alone (§7 "lang=es on
  // Spanish"), never from a lang the landing query happened to carry.
  it.each([
    ['en', '?lang=es&sub1=abc', null],
    ['en', '?LANG=es', null],
    ['es', '?lang=en', 'es'],
    ['es', '', 'es'],
  ] as const)('a %s variant landed with %j sends lang=%s', (language, landingSearch, expected) => {
    const url = buildThankYouUrl({
      ...base,
      language,
      landingSearch,
      derived: {
        city: '',
        state: '',
        state_long: '',
        is_disqualified: false,
        dq_reason: '',
        lead_is_qualified: 'yes',
      },
    });
    expect(new URL(url, 'http://x').searchParams.get('lang')).toBe(expected);
  });
});

describe('time_on_steps read back (§3)', () => {
  it.each([
    [
      'StartPath:3|AtFault:1',
      [
        { step: 'StartPath', seconds: 3 },
        { step: 'AtFault', seconds: 1 },
      ],
    ],
    ['', []],
    ['StartPath:x|AtFault:2|:4|Bad', [{ step: 'AtFault', seconds: 2 }]],
  ])('%j', (value, expected) => {
    expect(parseTimeOnSteps(value)).toEqual(expected);
  });

  it('reads what formatTimeOnSteps writes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ step: fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}$/), ms: fc.nat(10_000_000) })),
        (entries) => {
          expect(parseTimeOnSteps(formatTimeOnSteps(entries))).toEqual(
            entries.map((e) => ({ step: e.step, seconds: Math.round(e.ms / 1000) })),
          );
        },
      ),
    );
  });
});
