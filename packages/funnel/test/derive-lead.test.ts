import { describe, expect, it } from 'vitest';
import { deriveLead } from '../src/lead/derive-lead';
import type { SurveyAnswers } from '../src/lead/survey-answers';
import { ACCIDENT_AGE_LIMITS } from '../src/rules/accident-age-limits';
import { STANDARD_POLICY } from '../src/flows/policies';
import { WORD_LISTS } from '../src/text/word-lists';
import { AUSTIN, TODAY } from './walk-flow';
import { looksLikeGibberish } from '../src/text/description-checks';

const ctx = {
  today: TODAY,
  place: AUSTIN,
  stateLimits: ACCIDENT_AGE_LIMITS,
  policy: STANDARD_POLICY,
  tracking: { oid: '81', affid: '1', lp_campaign_id: '' },
  wordLists: WORD_LISTS,
  gibberishReading: looksLikeGibberish,
};

const BASE: SurveyAnswers = {
  injury_year: '2026',
  injury_month: '10',
  injury_day: '01',
  at_Fault: 'no',
  physical_injury: 'Yes',
  doctor_treatment: 'Yes',
  with_Lawyer: 'no',
  case_description: 'A truck ran the red light and hit my car',
  first_name: 'Maria',
  last_name: 'Lopez',
  zip_code: '78701',
};

function derive(change: SurveyAnswers, place = AUSTIN) {
  return deriveLead({ ...BASE, ...change }, { ...ctx, place });
}

describe('derived fields (§3–§5)', () => {
  it('qualifies a clean, recent, injured, treated lead and fills the place', () => {
    expect(derive({})).toMatchObject({
      incident_date: '2026-10-01',
      days_from_incident_date: 52,
      months_from_incident_date: 1,
      accident_within_last_year: 'yes',
      accident_limit_exceeded: 0,
      city: 'Austin',
      state: 'TX',
      county: 'Travis',
      bad_words: 'no',
      enough_words: 'yes',
      is_gibberish: 'no',
      name_gibberish: 'no',
      lead_is_qualified: 'yes',
      is_disqualified: false,
    });
  });

  it.each([
    ['2026-11-07', 15, true],
    ['2026-11-06', 16, false],
  ])('medical window: injured %s (%i days) forces treatment: %s', (date, days, forced) => {
    const [y, m, d] = date.split('-');
    const lead = derive({ injury_year: y, injury_month: m, injury_day: d, doctor_treatment: 'No' });
    expect(lead.days_from_incident_date).toBe(days);
    if (forced) {
      expect(lead).toMatchObject({
        doctor_treatment: 'Yes',
        when_seek_medical_treatment: 'first_week',
        when_seek_medical_treatment_date: '2026-11-11',
      });
    } else {
      expect(lead.doctor_treatment).toBe('No');
      expect(lead.when_seek_medical_treatment).toBeUndefined();
      expect(lead.dq_reason).toBe('doctor_treatment|no');
    }
  });

  it('does not force treatment for a visitor who was not injured', () => {
    expect(
      derive({ injury_day: '20', injury_month: '11', physical_injury: 'No', doctor_treatment: undefined })
        .doctor_treatment,
    ).toBeUndefined();
  });

  it('sets accident_limit_exceeded from the state of the zip (TN: 1 year)', () => {
    const nashville = { zip: '37201', city: 'Nashville', state: 'TN', state_long: 'Tennessee', county: 'Davidson' };
    expect(derive({ injury_year: '2025', injury_month: '11', injury_day: '21' }, nashville)).toMatchObject({
      accident_limit_exceeded: 1,
      dq_reason: 'date|accident_limit_exceeded',
    });
    expect(derive({ injury_year: '2025', injury_month: '11', injury_day: '21' }).accident_limit_exceeded).toBe(0);
  });

  it('leaves accident_limit_exceeded at 0 while the state is unknown', () => {
    expect(
      deriveLead({ ...BASE, injury_year: '2020', injury_month: '01' }, { ...ctx, place: null }).accident_limit_exceeded,
    ).toBe(0);
  });

  it.each([
    [{ hit_and_run: 'yes', hit_and_run_identified: 'yes' }, ' -- the driver was identified'],
    [
      { hit_and_run: 'yes', hit_and_run_identified: 'no', uninsured_motorist_coverage: 'yes' },
      ' -- plaintiff has UM insurance',
    ],
    [{ hit_and_run: 'yes', hit_and_run_identified: 'no', uninsured_motorist_coverage: 'no' }, ''],
    [{ hit_and_run: 'no', hit_and_run_identified: 'yes' }, ''],
  ] as const)('hit and run %j appends %j and clears bad_words when it appends', (change, suffix) => {
    const lead = derive({ ...change, case_description: 'Someone hit me and drove off, free to go' });
    expect(lead.case_description).toBe(`Someone hit me and drove off, free to go${suffix}`);
    expect(lead.bad_words).toBe(suffix ? 'no' : 'yes');
  });

  it.each([
    ['have_lawyer', 'have_attorney|yes'],
    ['want_new_lawyer', 'have_attorney|yes_but_I_want_a_new_lawyer'],
  ] as const)('lawyer choice %s → reason %s', (choice, reason) => {
    expect(derive({ with_Lawyer: 'yes', lawyer_choice: choice })).toMatchObject({
      lawyer_redirect_reason: reason,
      dq_reason: reason,
    });
  });

  it('marks injury_rx_qualified from the doctor question', () => {
    expect(derive({ speaking_with_doctor: 'yes' }).injury_rx_qualified).toBe('yes');
    expect(derive({}).injury_rx_qualified).toBeUndefined();
  });

  it('flags gibberish names as junk', () => {
    expect(derive({ first_name: 'Xkcdq' })).toMatchObject({
      name_gibberish: 'yes',
      do_not_send_to_dq: 'yes',
      lead_is_qualified: 'no',
    });
  });

  // §5 "Bad-word check on names sets name_bad_word"; §4 lists what disqualifies, and it is not there (issue 27).
  it.each([
    ['Kike', 'Hernandez', 'no'],
    ['Anal', 'Shah', 'no'],
    ['Marica', 'Jovanovic', 'no'],
    ['Giovanni', 'Verga', 'no'],
    ['Dick', 'Cummings', 'no'],
    ['John', 'Shit', 'yes'],
  ] as const)('%s %s: name_bad_word %s, and the lead still qualifies', (first, last, flag) => {
    expect(derive({ first_name: first, last_name: last })).toMatchObject({
      name_bad_word: flag,
      is_disqualified: false,
      do_not_send_to_dq: 'no',
      lead_is_qualified: 'yes',
    });
  });
});

describe("deriving without the gibberish reading (the browser's first chunk, issue 33)", () => {
  const withoutReading = (change: SurveyAnswers, textVerdict?: 'yes' | 'no') =>
    deriveLead({ ...BASE, ...change }, { ...ctx, gibberishReading: null, textVerdict });

  it('leaves is_gibberish unset and derives everything else the same', () => {
    for (const change of [{}, { case_description: 'I lost control and hit a tree on ice' }]) {
      const full = derive(change);
      const lean = withoutReading(change);
      expect(lean.is_gibberish).toBeUndefined();
      expect(omitGibberish(lean)).toEqual(omitGibberish(full));
    }
  });

  it("cannot see a gibberish description, so its verdict is provisional: the server's is the one shown (§8 fallback)", () => {
    expect(withoutReading({ case_description: 'asdf qwer zxcv hjkl' }).lead_is_qualified).toBe('yes');
    expect(derive({ case_description: 'asdf qwer zxcv hjkl' }).dq_reason).toBe('is_gibberish|yes');
  });

  it('still takes the text check\'s verdict when one was made (§5 "is_gibberish (remote check)")', () => {
    expect(withoutReading({ case_description: 'asdf qwer zxcv hjkl' }, 'no').is_gibberish).toBe('no');
    expect(withoutReading({}, 'yes').is_gibberish).toBe('yes');
  });

  it('reads a description with the local reading where it is handed in', () => {
    expect(derive({ case_description: 'asdf qwer zxcv hjkl' }).is_gibberish).toBe('yes');
    expect(derive({}).is_gibberish).toBe('no');
  });
});

function omitGibberish(lead: ReturnType<typeof deriveLead>) {
  return Object.fromEntries(Object.entries(lead).filter(([key]) => key !== 'is_gibberish'));
}

describe('deriving without the word lists (the browser, issue 10)', () => {
  const withoutLists = (change: SurveyAnswers) => deriveLead({ ...BASE, ...change }, { ...ctx, wordLists: null });

  it('leaves bad_words, name_bad_word and name_gibberish to the server, and derives everything else the same', () => {
    for (const change of [{}, { last_name: 'Shit' }, { case_description: 'I lost control and hit a tree on ice' }]) {
      const full = derive(change);
      const lean = withoutLists(change);
      expect(lean.bad_words).toBeUndefined();
      expect(lean.name_bad_word).toBeUndefined();
      expect(lean.name_gibberish).toBeUndefined();
      expect({ ...lean, bad_words: full.bad_words, name_bad_word: full.name_bad_word, name_gibberish: 'no' }).toEqual(
        full,
      );
    }
  });

  it("cannot see a gibberish name, so its verdict is provisional: the server's is the one shown (§8 fallback)", () => {
    expect(withoutLists({ last_name: 'Xkcdq' }).lead_is_qualified).toBe('yes');
    expect(derive({ last_name: 'Xkcdq' }).lead_is_qualified).toBe('no');
  });

  it('still clears bad_words when a hit-and-run note is appended (§4), lists or not', () => {
    const change: SurveyAnswers = { hit_and_run: 'yes', hit_and_run_identified: 'yes' };
    expect(withoutLists(change).bad_words).toBe('no');
  });
});
