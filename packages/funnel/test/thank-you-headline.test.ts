/**
 * What the thank-you page promises (issue 28; spec §2 "The thank-you page shows an accident that may be
 * worth mid to high value", §7 thank-you query, §9 meter labels): a headline true for the visitor, and the
 * meter only with an estimate that is theirs.
 */
import { describe, expect, it } from 'vitest';
import { COMPENSATION_LABELS, type CompLevel } from '../src/rules/compensation-meter';
import { thankYouHeadline, thankYouMeter } from '../src/rules/thank-you-headline';
import { buildThankYouUrl } from '../src/tracking/thank-you-url';
import { resolveRoute } from '../src/routes/route-registry';

const q = (search: string) => new URLSearchParams(search);

describe('thankYouHeadline', () => {
  it.each([
    // query, ticket page, headline
    ['?q=y', false, { kind: 'qualified' }],
    ['?q=n', false, { kind: 'not-qualified' }],
    ['', false, { kind: 'received' }],
    ['?q=maybe', false, { kind: 'received' }],
    ['?q=n&dq_reason=1_to_1_dq%7Cyes', false, { kind: 'no-firm-chosen' }],
    ['?q=y&dq_reason=1_to_1_dq%7Cyes', false, { kind: 'no-firm-chosen' }],
    ['?q=y&case=dui', false, { kind: 'review' }],
    ['?q=y&case=dui&show-meter=yes&cl=6', false, { kind: 'review' }],
    ['?q=n&case=dui', false, { kind: 'not-qualified' }],
    ['?affid=1&sub_id=1', true, { kind: 'ticket' }],
    ['?q=y&show-meter=yes&cl=1', true, { kind: 'ticket' }],
    ['?q=y&show-meter=yes&cl=6', false, { kind: 'band', level: 6 }],
    ['?q=y&show-meter=yes&cl=100000', false, { kind: 'band', level: 6 }],
    ['?q=y&show-meter=yes&cl=9', false, { kind: 'qualified' }],
    ['?q=y&show-meter=yes&cl=abc', false, { kind: 'qualified' }],
    ['?q=y&show-meter=yes', false, { kind: 'qualified' }],
    ['?q=y&cl=6', false, { kind: 'qualified' }],
    ['?q=n&show-meter=yes&cl=6', false, { kind: 'not-qualified' }],
    ['?show-meter=yes&cl=6', false, { kind: 'received' }],
  ] as const)('%s (ticket %s)', (search, ticket, expected) => {
    expect(thankYouHeadline(q(search), ticket)).toEqual(expected);
  });

  it('every §9 level of `cl` is the headline’s band, and the meter’s', () => {
    for (const level of [1, 2, 3, 4, 5, 6, 7] satisfies CompLevel[]) {
      const query = q(`?q=y&show-meter=yes&cl=${level}`);
      expect(thankYouHeadline(query, false)).toEqual({ kind: 'band', level });
      expect(thankYouMeter(query, false)).toEqual({ kind: 'level', level });
      expect(COMPENSATION_LABELS[level]).toBeTruthy();
    }
  });

  it('an estimate asked for: no value claim until it is in, its band once it is, §2’s text if it failed', () => {
    const query = q('?q=y&show-meter=yes&specific_injury=Whiplash');
    expect(thankYouHeadline(query, false, { level: null, failed: false })).toEqual({ kind: 'review' });
    expect(thankYouHeadline(query, false, { level: 3, failed: false })).toEqual({ kind: 'band', level: 3 });
    expect(thankYouHeadline(query, false, { level: null, failed: true })).toEqual({ kind: 'qualified' });
  });
});

describe('thankYouMeter', () => {
  it.each([
    ['?q=y&show-meter=yes&cl=2', { kind: 'level', level: 2 }],
    // A missing or invalid cl never shows §3's starting 5000 as if it were the visitor's.
    ['?q=y&show-meter=yes', { kind: 'none' }],
    ['?q=y&show-meter=yes&cl=0', { kind: 'none' }],
    ['?q=y&show-meter=yes&cl=', { kind: 'none' }],
    ['?q=y&show-meter=yes&at_Fault=maybe', { kind: 'none' }],
    ['?q=y&show-meter=yes&at_Fault=no', { kind: 'estimate', answers: { at_Fault: 'no' } }],
    ['?q=y&cl=2', { kind: 'none' }],
    ['?q=n&show-meter=yes&cl=2', { kind: 'none' }],
    ['?show-meter=yes&cl=2', { kind: 'none' }],
    ['?q=y&case=dui&show-meter=yes&cl=2', { kind: 'none' }],
  ] as const)('%s', (search, expected) => {
    expect(thankYouMeter(q(search), false)).toEqual(expected);
  });

  it('never on the ticket page', () => {
    expect(thankYouMeter(q('?q=y&show-meter=yes&cl=2'), true)).toEqual({ kind: 'none' });
  });
});

describe('the DUI flow’s thank-you', () => {
  it('carries case=dui, so its qualified visitor hears no accident value claim', () => {
    const route = resolveRoute('/survey/dui');
    if (!route) throw new Error('no DUI route');
    const url = buildThankYouUrl({
      page: route.thankYou,
      landingSearch: '?show-meter=yes',
      language: 'en',
      contact: { email: 'a@b.co', phone: '5125550100', zip_code: '78701' },
      tracking: { ef_transaction_id: '', affid: '1', sub_id: '1' },
      derived: { city: '', state: '', state_long: '', is_disqualified: false, dq_reason: '', lead_is_qualified: 'yes' },
      compLevel: '5',
    });
    const query = q(url.slice(url.indexOf('?')));
    expect(query.get('case')).toBe('dui');
    expect(thankYouHeadline(query, false)).toEqual({ kind: 'review' });
    expect(thankYouMeter(query, false)).toEqual({ kind: 'none' });
  });
});
