import { describe, expect, it } from 'vitest';
import { flowById } from '../src/flows/flow-registry';
import type { FlowDefinition } from '../src/flows/flow-definition';
import { leadOf, stepById } from '../src/flows/flow-engine';
import { SERIOUS_INJURIES, SPECIFIC_INJURIES, type SurveyAnswers } from '../src/lead/survey-answers';
import { daysBetween } from '../src/lead/dates';
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

/** The lead of `answers` on every step of flow `id`, with the zip of `place` answered. */
function derive(id: string, answers: SurveyAnswers, place: ZipPlace | null = AUSTIN) {
  const f = flow(id);
  return leadOf(
    f,
    f.steps.map((s) => s.id),
    { zip_code: place?.zip ?? '78701', ...answers },
    context(place),
  );
}

const date = (iso: string) => ({
  injury_year: iso.slice(0, 4),
  injury_month: iso.slice(5, 7),
  injury_day: iso.slice(8, 10),
});

// §4: "If days since incident is 15 or fewer and injured, doctor_treatment and physical_injury are forced
// to Yes, when_seek_medical_treatment becomes first_week and its date is incident date plus 4 days; the
// minimal variant forces these at exactly 15 days." Today is 2026-11-22 in these tests.
describe('medical window: forced only for a visitor who said injured (§4)', () => {
  const forced = {
    physical_injury: 'Yes',
    doctor_treatment: 'Yes',
    when_seek_medical_treatment: 'first_week',
  } as const;

  it.each<[string, string, SurveyAnswers, Partial<Record<keyof typeof forced, string | undefined>>]>([
    [
      'extended',
      'injured, no treatment, 14 days',
      { ...date('2026-11-08'), physical_injury: 'Yes', doctor_treatment: 'No' },
      forced,
    ],
    [
      'extended',
      'injured, no treatment, 15 days',
      { ...date('2026-11-07'), physical_injury: 'Yes', doctor_treatment: 'No' },
      forced,
    ],
    [
      'extended',
      'injured, no treatment, 16 days',
      { ...date('2026-11-06'), physical_injury: 'Yes', doctor_treatment: 'No' },
      { physical_injury: 'Yes', doctor_treatment: 'No', when_seek_medical_treatment: undefined },
    ],
    [
      'extended',
      'not injured, 3 days',
      { ...date('2026-11-19'), physical_injury: 'No' },
      { physical_injury: 'No', doctor_treatment: undefined, when_seek_medical_treatment: undefined },
    ],
    // Flows that never ask the injury are never told it (the three cases).
    [
      'short',
      'never asked, 5 days',
      { ...date('2026-11-17'), at_Fault: 'no', with_Lawyer: 'no' },
      { physical_injury: undefined, doctor_treatment: undefined, when_seek_medical_treatment: undefined },
    ],
    [
      'medical',
      'no treatment required, 5 days',
      { ...date('2026-11-17'), required_medical_treatment: 'no', will_require_medical_treatment: 'no' },
      { physical_injury: undefined, doctor_treatment: undefined, when_seek_medical_treatment: undefined },
    ],
    [
      'dui',
      'DUI path, 5 days',
      { ...date('2026-11-17'), at_Fault: 'yes', pending_dui_charges: 'yes' },
      { physical_injury: undefined, doctor_treatment: undefined, when_seek_medical_treatment: undefined },
    ],
    [
      'dui',
      'injured on the accident path, 5 days',
      { ...date('2026-11-17'), at_Fault: 'no', physical_injury: 'Yes' },
      forced,
    ],
    // The minimal variant never asks the injury; its own rule is day 15 exactly.
    [
      'minimal',
      '14 days',
      { ...date('2026-11-08'), doctor_treatment: 'No' },
      { physical_injury: undefined, doctor_treatment: 'No', when_seek_medical_treatment: undefined },
    ],
    ['minimal', '15 days', { ...date('2026-11-07'), doctor_treatment: 'No' }, forced],
    [
      'minimal',
      '16 days',
      { ...date('2026-11-06'), doctor_treatment: 'No' },
      { physical_injury: undefined, doctor_treatment: 'No', when_seek_medical_treatment: undefined },
    ],
    [
      'ticket',
      'never forced',
      { ...date('2026-11-17'), physical_injury: 'Yes' },
      { doctor_treatment: undefined, when_seek_medical_treatment: undefined },
    ],
  ])('%s, %s', (id, _case, answers, expected) => {
    const lead = derive(id, answers);
    expect({
      physical_injury: lead.physical_injury,
      doctor_treatment: lead.doctor_treatment,
      when_seek_medical_treatment: lead.when_seek_medical_treatment,
    }).toMatchObject(expected);
    if (lead.when_seek_medical_treatment === 'first_week' && lead.incident_date) {
      expect(daysBetween(lead.incident_date, lead.when_seek_medical_treatment_date ?? '')).toBe(4);
    } else {
      expect(lead.when_seek_medical_treatment_date).toBeUndefined();
    }
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

// §4 Re-tagging: "when the lead is eligible for the special path and neither gibberish flag is set, set oid
// 1500, lp_action test, affid 1000350, case_type FormMVA, settlement_offers no, date as MM/DD/YYYY". The
// special path (§4 WasUserInjured): "if at_Fault is yes, specific_injury is one of Back or Neck Pain, Broken
// Bones, Whiplash, Head Injury, Spinal Cord Injury, Loss of Limb, and months since incident is 12 or fewer".
describe('re-tagging (§4)', () => {
  const atFaultInjured: SurveyAnswers = {
    ...date('2026-06-01'),
    at_Fault: 'yes',
    physical_injury: 'Yes',
    specific_injury: 'Whiplash',
    case_description: 'A car hit me at the light on Main St',
    first_name: 'Ana',
    last_name: 'Ruiz',
  };

  it('moves an at-fault lead with one of the six injuries within 12 months to the re-tag campaign', () => {
    expect(derive('extended', atFaultInjured)).toMatchObject({
      oid: '1500',
      affid: '1000350',
      original_oid: '81',
      original_affid: '1',
      lp_action: 'test',
      case_type: 'FormMVA',
      settlement_offers: 'no',
      date_accident_occurred: '06/01/2026',
      state_accident_occurred: 'TX',
    });
  });

  it.each(SERIOUS_INJURIES)('re-tags %s', (injury) => {
    expect(derive('extended', { ...atFaultInjured, specific_injury: injury }).oid).toBe('1500');
  });

  it.each<[string, SurveyAnswers, ZipPlace | null]>([
    // The case: at fault, "Cuts and Bruises", 5 months ago.
    [
      'Cuts and Bruises 5 months ago',
      { ...atFaultInjured, ...date('2026-06-22'), specific_injury: 'Cuts and Bruises' },
      AUSTIN,
    ],
    ['Other Injury', { ...atFaultInjured, specific_injury: 'Other Injury' }, AUSTIN],
    ['injured without a named injury', { ...atFaultInjured, specific_injury: undefined }, AUSTIN],
    ['not at fault', { ...atFaultInjured, at_Fault: 'no' }, AUSTIN],
    ['not injured', { ...atFaultInjured, physical_injury: 'No', specific_injury: undefined }, AUSTIN],
    ['13 months ago', { ...atFaultInjured, ...date('2025-10-01') }, AUSTIN],
    ['gibberish name', { ...atFaultInjured, first_name: 'Xkcdq' }, AUSTIN],
    ['gibberish description', { ...atFaultInjured, case_description: 'asdfasdf asdfasdf asdf asdf' }, AUSTIN],
    ['unknown state', atFaultInjured, null],
  ])('does not re-tag when %s', (_why, answers, place) => {
    expect(derive('extended', answers, place).oid).toBeUndefined();
  });

  it('is the same condition as the branch to ActiveInsurancePolicy, on every injury and age', () => {
    const extended = flow('extended');
    const injured = stepById(extended, 'WasUserInjured');
    for (const injury of SPECIFIC_INJURIES) {
      for (const accident of ['2026-06-01', '2025-10-01']) {
        for (const atFault of ['yes', 'no'] as const) {
          const answers: SurveyAnswers = {
            ...atFaultInjured,
            ...date(accident),
            at_Fault: atFault,
            specific_injury: injury,
          };
          const lead = derive('extended', answers);
          const branch = injured.next(lead, answers) === 'ActiveInsurancePolicy';
          expect(lead.oid === '1500', `${injury} ${accident} ${atFault}`).toBe(branch);
        }
      }
    }
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
    expect(derive('v7', atFaultInjured, AUSTIN).oid).toBe('1500');
    expect(derive('v5', atFaultInjured, mt).oid).toBeUndefined();
    expect(derive('v5', atFaultInjured, AUSTIN).oid).toBe('1500');
    expect(derive('social-drop', atFaultInjured, AUSTIN).oid).toBeUndefined();
  });

  it('a flow that never asks the injury never re-tags', () => {
    expect(derive('v5', { ...atFaultInjured, specific_injury: undefined }, AUSTIN).oid).toBeUndefined();
  });

  // Issue 27: a lead is either re-tagged or a qualified injury lead, never both (docs/spec-decisions.md).
  it('a partly-at-fault visitor whose fault §4 clears is an injury lead with its own ids, not re-tagged', () => {
    const partly: SurveyAnswers = { ...atFaultInjured, partial_fault: 'yes' };
    const lead = derive('v4nv', partly);
    expect(lead).toMatchObject({ at_Fault: 'no' });
    expect(lead.oid).toBeUndefined();
    expect(lead.lp_action).toBeUndefined();
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

  // §7 "Ticket redirect carries the query string plus affid and sub_id" (issue 27: the click's id included).
  it('the ticket redirect carries the landing query, its transaction id kept, plus affid and sub_id', () => {
    const ticket = new URL(url('/ticket'), 'http://x');
    expect(ticket.pathname).toBe('/ticket-thank-you/');
    expect(Object.fromEntries(ticket.searchParams)).toEqual({
      sub1: 'abc',
      'show-meter': 'yes',
      _ef_transaction_id: 't1',
      affid: '1',
      sub_id: 'abc',
    });
  });

  it("the ticket redirect carries the click tracker's transaction id once it wrote one", () => {
    const route = resolveRoute('/ticket');
    if (!route) throw new Error('/ticket');
    const page = route.thankYou;
    const tracked = buildThankYouUrl({ ...common, page, tracking: { ...common.tracking, ef_transaction_id: 't2' } });
    expect(new URL(tracked, 'http://x').searchParams.get('_ef_transaction_id')).toBe('t2');
  });

  // §1: "Otherwise English": an English ticket page never lands a visitor on the Spanish thank-you.
  it.each([
    ['en', null],
    ['es', 'es'],
  ] as const)(
    'the ticket redirect for a %s visitor carries lang %s, whatever the landing query said',
    (language, lang) => {
      const route = resolveRoute('/ticket');
      if (!route) throw new Error('/ticket');
      const built = buildThankYouUrl({ ...common, language, landingSearch: '?lang=es&sub1=abc', page: route.thankYou });
      expect(new URL(built, 'http://x').searchParams.get('lang')).toBe(lang);
    },
  );
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
