import { describe, expect, it } from 'vitest';
import { flowById } from '../src/flows/flow-registry';
import type { FlowDefinition } from '../src/flows/flow-definition';
import { leadOf } from '../src/flows/flow-engine';
import type { SurveyAnswers } from '../src/lead/survey-answers';
import { buildThankYouUrl, readThankYouQuery } from '../src/tracking/thank-you-url';
import { lawyerRedirectLink } from '../src/tracking/affiliate-link';
import { resolveRoute } from '../src/routes/route-registry';
import { AUSTIN, context, walk } from './walk-flow';
import type { ZipPlace } from '../src/lead/zip-place';

function flow(id: string): FlowDefinition {
  const f = flowById(id);
  if (!f) throw new Error(id);
  return f;
}

function derive(id: string, answers: SurveyAnswers, place: ZipPlace | null = AUSTIN) {
  const f = flow(id);
  return leadOf(
    f,
    f.steps.map((s) => s.id),
    answers,
    context(place),
  );
}

const date = (iso: string) => ({
  injury_year: iso.slice(0, 4),
  injury_month: iso.slice(5, 7),
  injury_day: iso.slice(8, 10),
});

describe('minimal variant: the medical window at exactly 15 days (§4)', () => {
  it.each([
    ['2026-11-08', 14, 'No'],
    ['2026-11-07', 15, 'Yes'],
    ['2026-11-06', 16, 'No'],
  ])('injured on %s (%i days), no treatment → doctor_treatment %s', (d, days, forced) => {
    const lead = derive('minimal', { ...date(d), physical_injury: 'Yes', doctor_treatment: 'No' });
    expect(lead.days_from_incident_date).toBe(days);
    expect(lead.doctor_treatment).toBe(forced);
  });

  it('while the standard window forces it at 14 days too', () => {
    expect(
      derive('extended', { ...date('2026-11-08'), physical_injury: 'Yes', doctor_treatment: 'No' }).doctor_treatment,
    ).toBe('Yes');
  });
});

describe('partial fault (§4)', () => {
  const MD: ZipPlace = {
    zip: '21201',
    city: 'Baltimore',
    state: 'MD',
    state_long: 'Maryland',
    county: 'Baltimore City',
  };
  it.each([
    ['v4nv', AUSTIN, 'no'],
    ['v4nv', MD, 'yes'],
    ['extended', AUSTIN, 'yes'],
  ] as const)('%s in %s: partially at fault → at_Fault %s', (id, place, atFault) => {
    expect(derive(id, { at_Fault: 'yes', partial_fault: 'yes' }, place).at_Fault).toBe(atFault);
  });
});

describe('re-tagging (§4)', () => {
  const atFaultInjured: SurveyAnswers = {
    ...date('2026-05-01'),
    at_Fault: 'yes',
    physical_injury: 'Yes',
    case_description: 'A car hit me at the light on Main St',
    first_name: 'Ana',
    last_name: 'Ruiz',
  };

  it('moves an at-fault injured lead within 12 months to the re-tag campaign, keeping the original ids', () => {
    expect(derive('extended', atFaultInjured)).toMatchObject({
      oid: '1500',
      affid: '1000350',
      original_oid: '81',
      original_affid: '1',
      lp_action: 'test',
      case_type: 'FormMVA',
      settlement_offers: 'no',
      date_accident_occurred: '05/01/2026',
      state_accident_occurred: 'TX',
    });
  });

  it.each<[string, SurveyAnswers, ZipPlace | null]>([
    ['not at fault', { ...atFaultInjured, at_Fault: 'no' }, AUSTIN],
    ['not injured', { ...atFaultInjured, physical_injury: 'No' }, AUSTIN],
    ['13 months ago', { ...atFaultInjured, ...date('2025-10-01') }, AUSTIN],
    ['gibberish name', { ...atFaultInjured, first_name: 'Xkcdq' }, AUSTIN],
    ['gibberish description', { ...atFaultInjured, case_description: 'asdfasdf asdfasdf asdf asdf' }, AUSTIN],
    ['unknown state', atFaultInjured, null],
  ])('does not re-tag when %s', (_why, answers, place) => {
    expect(derive('extended', answers, place).oid).toBeUndefined();
  });

  it('uses each flow’s state list: DC is not among the 50 states; AK is not in the lower 48; MT is not in the top 25', () => {
    const dc: ZipPlace = {
      zip: '20001',
      city: 'Washington',
      state: 'DC',
      state_long: 'District of Columbia',
      county: 'District of Columbia',
    };
    const ak: ZipPlace = { zip: '99501', city: 'Anchorage', state: 'AK', state_long: 'Alaska', county: 'Anchorage' };
    const mt: ZipPlace = {
      zip: '59601',
      city: 'Helena',
      state: 'MT',
      state_long: 'Montana',
      county: 'Lewis and Clark',
    };
    expect(derive('extended', atFaultInjured, dc).oid).toBeUndefined();
    expect(derive('extended', atFaultInjured, ak).oid).toBe('1500');
    expect(derive('v7', atFaultInjured, ak).oid).toBeUndefined();
    expect(derive('v5', atFaultInjured, mt).oid).toBeUndefined();
    expect(derive('v5', atFaultInjured, AUSTIN).oid).toBe('1500');
    expect(derive('social-drop', atFaultInjured, AUSTIN).oid).toBeUndefined();
  });
});

describe('DUI variant (§4)', () => {
  const duiPath: SurveyAnswers = {
    ...date('2026-10-01'),
    at_Fault: 'yes',
    pending_dui_charges: 'yes',
    type_of_alcohol_test_performed: 'refused_test',
    bac_level: 'dont_know',
    case_description: 'I was pulled over after a crash and charged with DUI',
    first_name: 'Ana',
    last_name: 'Ruiz',
  };

  it('clears the injury-case disqualification on the DUI path', () => {
    expect(derive('dui', duiPath)).toMatchObject({ lead_is_qualified: 'yes', at_Fault: 'yes' });
    expect(derive('dui', { ...duiPath, pending_dui_charges: 'no' }).dq_reason).toBe('at_Fault|yes');
  });

  it('a prior alcohol-related offence sets oid 136 and affid 1', () => {
    expect(derive('dui', { ...duiPath, prior_alcohol_related_offense: 'yes' })).toMatchObject({
      oid: '136',
      affid: '1',
      original_oid: '81',
    });
    expect(derive('dui', { ...duiPath, prior_alcohol_related_offense: 'no' }).oid).toBeUndefined();
  });

  it.each([
    ['refused_test', ['TypeOfAlcoholTestPerformed', 'UserHasDUI']],
    ['no_test', ['TypeOfAlcoholTestPerformed', 'UserHasDUI']],
    ['breath', ['TypeOfAlcoholTestPerformed', 'BACMeasuredByTest', 'UserHasDUI']],
  ])('test %s goes %j', (test, expected) => {
    const inputs: Record<string, Record<string, string>> = {
      StartPath: { option: 'car' },
      NameAndEmail: { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com' },
      AutoAccidentCaseWorth: { option: 'i_think_so' },
      WhenWasTheAccident: { injury_year: '2026', injury_month: '10' },
      AtFault: { option: 'me' },
      PendingDUICharges: { option: 'yes' },
      TypeOfAlcoholTestPerformed: { option: test },
      BACMeasuredByTest: { option: 'over_15' },
      UserHasDUI: { option: 'no' },
      DUIIncidentDescription: { case_description: 'Pulled over after a crash on I-95', hit_and_run: 'no' },
      PhoneAndZip: { phone: '5125550100', zip_code: '78701' },
    };
    const result = walk(flow('dui'), (id) => inputs[id] ?? {}, context(AUSTIN));
    const from = result.path.indexOf('TypeOfAlcoholTestPerformed');
    expect(result.path.slice(from, from + expected.length)).toEqual(expected);
    expect(result.path.slice(-2)).toEqual(['DUIIncidentDescription', 'PhoneAndZip']);
    expect(leadOf(flow('dui'), result.path, result.state.answers, context(AUSTIN)).bac_level).toBe(
      test === 'breath' ? 'over_15' : 'dont_know',
    );
  });
});

describe('VW3 lawyer redirect link (§4)', () => {
  const base = 'https://partner.example/click';
  it.each([
    ['1', 'have_attorney|yes', 'https://partner.example/click?sub1=1_abc&sub2=have_attorney%7Cyes'],
    [
      '1',
      'have_attorney|yes_but_I_want_a_new_lawyer',
      'https://partner.example/click?sub1=1_abc&sub2=have_attorney%7Cyes_but_I_want_a_new_lawyer',
    ],
    ['20', 'have_attorney|yes', null],
    ['23', 'have_attorney|yes', null],
    ['1', '', null],
  ])('affid %s, reason %j → %s', (affid, reason, expected) => {
    expect(lawyerRedirectLink(base, { affid, sub_id: 'abc', lawyer_redirect_reason: reason })).toBe(expected);
  });
});

describe('thank-you quirks per route (§7)', () => {
  const common = {
    landingSearch: '?sub1=abc&show-meter=yes&_ef_transaction_id=t1',
    language: 'en' as const,
    contact: { email: 'a@b.co', phone: '5125550100', zip_code: '78701' },
    tracking: { ef_transaction_id: 't1', affid: '1', sub_id: 'abc' },
    derived: {
      city: 'Austin',
      state: 'TX',
      state_long: 'Texas',
      is_disqualified: false,
      dq_reason: '',
      lead_is_qualified: 'yes' as const,
    },
    compLevel: '4',
  };
  const url = (path: string) => {
    const route = resolveRoute(path);
    if (!route) throw new Error(path);
    return buildThankYouUrl({ ...common, page: route.thankYou });
  };

  it('VW3 always says is_disqualified=true', () => {
    expect(new URL(url('/survey/vw'), 'http://x').searchParams.get('is_disqualified')).toBe('true');
  });

  it('the short variant adds qualified=yes', () => {
    expect(new URL(url('/survey/v3'), 'http://x').searchParams.get('qualified')).toBe('yes');
  });

  it('cl is sent only with show-meter=yes', () => {
    expect(new URL(url('/survey'), 'http://x').searchParams.get('cl')).toBe('4');
    expect(
      new URL(
        buildThankYouUrl({ ...common, landingSearch: '?sub1=abc', page: { path: '/x/' } }),
        'http://x',
      ).searchParams.get('cl'),
    ).toBeNull();
  });

  it('two variants write ?? and the thank-you page still reads the query', () => {
    const quirky = url('/survey-sd/v3');
    expect(quirky.startsWith('/survey-thank-you/??')).toBe(true);
    const search = quirky.slice(quirky.indexOf('?'));
    expect(readThankYouQuery(search).get('email')).toBe('a@b.co');
    expect(readThankYouQuery(search).get('q')).toBe('y');
  });

  it('the ticket redirect carries the landing query plus affid and sub_id only', () => {
    const ticket = new URL(url('/ticket'), 'http://x');
    expect(ticket.pathname).toBe('/ticket-thank-you/');
    expect(Object.fromEntries(ticket.searchParams)).toEqual({
      sub1: 'abc',
      'show-meter': 'yes',
      affid: '1',
      sub_id: 'abc',
    });
  });
});

describe('flow endings (§4 "End of survey")', () => {
  it.each([
    ['minimal', 'ingest', 'end-screen'],
    ['ticket', 'ingest', 'redirect'],
    ['eligibility', 'none', 'end-screen'],
    ['extended', 'post-lead', 'redirect'],
  ])('%s posts to %s then %s', (id, destination, after) => {
    expect(flow(id).ending).toMatchObject({ destination, after });
  });

  it('the one-page form shows a disqualification panel instead of redirecting', () => {
    expect(flow('one-page-form').ending.disqualifiedPanel).toBe(true);
  });
});
