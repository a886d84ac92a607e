/**
 * Issue 27: every lead judged as the spec says, for every visitor — names in other languages and scripts,
 * names that hold a listed word, partial fault, the DUI path and the ticket flow's age, the visitor's own
 * calendar. Each rule beside the spec's sentence it checks.
 */
import { allLocales } from '@faker-js/faker';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARLIER_THAN_FIRST_YEAR } from '../src/constants';
import { allFlows, flowById } from '../src/flows/flow-registry';
import { V4_RETAG_POLICY } from '../src/flows/policies';
import { deriveLead, type DeriveContext } from '../src/lead/derive-lead';
import { leadAsPosted } from '../src/lead/lead-as-posted';
import type { Lead } from '../src/lead/lead-record';
import type { SurveyAnswers } from '../src/lead/survey-answers';
import { SERIOUS_INJURIES } from '../src/lead/survey-answers';
import {
  boundedUtcOffset,
  DEFAULT_VISITOR_UTC_OFFSET,
  US_UTC_OFFSET_BOUNDS,
  visitorDateOf,
} from '../src/lead/visitor-day';
import type { ZipPlace } from '../src/lead/zip-place';
import { ACCIDENT_AGE_LIMITS } from '../src/rules/accident-age-limits';
import { QUALIFICATION_RULES } from '../src/rules/qualification';
import { COMPARATIVE_FAULT_STATES, FIFTY_STATES } from '../src/rules/state-lists';
import { isAccidentLimitExceeded } from '../src/rules/state-limits';
import { isBadWordName } from '../src/text/bad-word-name';
import { failsWordShape, foldLetters } from '../src/text/letters';
import { isNameGibberish } from '../src/text/name-check';
import { WORD_LISTS } from '../src/text/word-lists';
import { findLeadMapping, withServerLeadMapping } from '../src/tracking/lead-mappings';
import { FAKER_NAME_LOCALES, fakerNames } from './name-lists';
import { AUSTIN, TODAY } from './walk-flow';
import { looksLikeGibberish } from '../src/text/description-checks';

describe('§5 name gibberish: letters judged without their marks, every script (issue 27)', () => {
  // §5: "a word is gibberish if under 2 characters, has no vowel, has a letter repeated 3 or more times, or
  // has 5 consecutive non-vowels". The rule is about vowels: ạ ũ ư ơ ø ı are vowels.
  it.each([
    'Dũng Phạm',
    'Hạnh Trần',
    'Phương Nguyễn',
    'Emre Kılıç',
    'Bjørn Ødegård',
    'Łukasz Wróbel',
    'Grzegorz Brzęczyszczykiewicz',
    'Søren Kierkegaard',
    'Ægir Þórsson',
    'Nguyễn Thị Minh Khai',
    'José Ñúñez',
    'Zoë Brontë',
    'Kaʻiulani Kahananui',
    "Siobhán O'Brien",
  ])('%s is a name', (name) => {
    expect(isNameGibberish(name)).toBe(false);
  });

  // "treat scripts without Latin vowels as not judgeable by that rule (never gibberish for lack of a vowel)"
  it.each(['Иван Петров', 'Γιώργος Παπαδόπουλος', '李', '王小明', '김민준', 'محمد', 'יוסף', 'राहुल', 'สมชาย'])(
    '%s, in a script without Latin vowels, is a name',
    (name) => {
      expect(isNameGibberish(name)).toBe(false);
    },
  );

  it.each(['Xkcdq', 'Mr', 'J.', 'Aaaron', 'Bbbbb', 'Qwrtzp', 'ззз', 'Zxcvbnm', 'Xkcdqʼ', 'Ẍḱçḋq'])(
    '%s is still gibberish',
    (name) => {
      expect(isNameGibberish(name)).toBe(true);
    },
  );

  it('reads a name typed with combining marks (NFD) as the same name typed precomposed (NFC)', () => {
    for (const name of ['Nguyễn', 'Trần', 'Ødegård', 'Kılıç', 'Xkcdq'])
      expect(isNameGibberish(name.normalize('NFD'))).toBe(isNameGibberish(name.normalize('NFC')));
  });

  it('property: marks never change a word’s verdict (a word and its letters with marks are judged alike)', () => {
    const marks = ['\u0300', '\u0301', '\u0302', '\u0303', '\u0308', '\u0323', '\u031b', '\u0328'];
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{2,12}$/),
        fc.array(fc.constantFrom(...marks), { minLength: 12, maxLength: 12 }),
        (word, chosen) => {
          const marked = [...word].map((ch, i) => ch + (chosen[i] ?? '')).join('');
          expect(foldLetters(marked.normalize('NFC'))).toBe(word);
          expect(failsWordShape(marked.normalize('NFC'))).toBe(failsWordShape(word));
        },
      ),
    );
  });

  it('property: five Latin consonants in a row are still gibberish (unless the block list names the word)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[bcdfghjklmnpqrstvwxz]{5,10}$/), (word) => {
        expect(failsWordShape(word)).toBe(true);
      }),
    );
  });

  describe.each(FAKER_NAME_LOCALES.map((locale) => [locale]))('real names of the %s locale', (locale) => {
    const { given, surnames } = fakerNames(allLocales, locale);
    it(`none of its ${given.length} given names and ${surnames.length} surnames is gibberish`, () => {
      expect(given.length + surnames.length).toBeGreaterThan(0);
      expect([...given, ...surnames].filter((name) => isNameGibberish(name))).toEqual([]);
    });
    it('property: no full name made of them is gibberish, nor a bad word', () => {
      if (given.length === 0 || surnames.length === 0) return;
      fc.assert(
        fc.property(fc.constantFrom(...given), fc.constantFrom(...surnames), (first, last) => {
          expect(WORD_LISTS.nameGibberish(first, last, '')).toBe('no');
          expect(isBadWordName(first) || isBadWordName(last)).toBe(false);
        }),
        { numRuns: 200 },
      );
    });
  });
});

describe('§5 name_bad_word: a real name is never a bad word, and the flag never disqualifies (issue 27)', () => {
  // §5 "Bad-word check on names sets name_bad_word"; §4's list of what disqualifies does not name it.
  it.each(['Kike', 'Anal', 'Marica', 'Verga', 'Dick', 'Wanker'])('%s is a real name, not a bad word', (name) => {
    expect(isBadWordName(name)).toBe(false);
  });

  it.each(['Shit', 'Fuck You', 'Puta'])('%s is still flagged', (name) => {
    expect(isBadWordName(name)).toBe(true);
  });

  it('is not a qualification rule of any flow', () => {
    expect(Object.keys(QUALIFICATION_RULES)).not.toContain('name_bad_word');
  });
});

const AT_FAULT_SERIOUS: SurveyAnswers = {
  injury_year: '2026',
  injury_month: '10',
  injury_day: '01',
  at_Fault: 'yes',
  partial_fault: 'yes',
  physical_injury: 'Yes',
  specific_injury: 'Broken Bones',
  doctor_treatment: 'Yes',
  with_Lawyer: 'no',
  case_description: 'The other car ran a red light and hit my side door',
  first_name: 'Maria',
  last_name: 'Lopez',
  zip_code: '78701',
};

function placeIn(state: string): ZipPlace {
  return { zip: '00000', city: 'Town', state, state_long: state, county: 'County' };
}

function deriveV4(answers: SurveyAnswers, state: string) {
  const ctx: DeriveContext = {
    today: TODAY,
    place: placeIn(state),
    stateLimits: ACCIDENT_AGE_LIMITS,
    policy: V4_RETAG_POLICY,
    tracking: { oid: '81', affid: '77', lp_campaign_id: '' },
    wordLists: WORD_LISTS,
    gibberishReading: looksLikeGibberish,
  };
  return deriveLead(answers, ctx);
}

describe('§4 partial fault and re-tagging: either a re-tagged special-path lead or a qualified injury lead', () => {
  // §4: "If partial_fault is yes and the state is in a set of about 43 states, at_Fault becomes no."
  // §4: "when the lead is eligible for the special path … set oid 1500, lp_action test, affid 1000350".
  it('a partly-at-fault visitor with a serious injury in a comparative-fault state is a qualified injury lead', () => {
    const lead = deriveV4(AT_FAULT_SERIOUS, 'TX');
    expect(lead).toMatchObject({ at_Fault: 'no', lead_is_qualified: 'yes', is_disqualified: false });
    expect([lead.oid, lead.affid, lead.lp_action, lead.injuries_sustained]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('the same visitor in a contributory-negligence state stays at fault and is re-tagged', () => {
    const lead = deriveV4(AT_FAULT_SERIOUS, 'VA');
    expect(lead).toMatchObject({
      at_Fault: 'yes',
      lead_is_qualified: 'no',
      dq_reason: 'at_Fault|yes',
      oid: '1500',
      affid: '1000350',
      original_affid: '77',
      lp_action: 'test',
      injuries_sustained: 'Broken Bones',
    });
  });

  it('property: over every state and answer, a lead is never both qualified and re-tagged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIFTY_STATES),
        fc.constantFrom('yes', 'no'),
        fc.constantFrom('yes', 'no'),
        fc.constantFrom(...SERIOUS_INJURIES, 'Cuts and Bruises'),
        (state, atFault, partial, injury) => {
          const lead = deriveV4(
            { ...AT_FAULT_SERIOUS, at_Fault: atFault, partial_fault: partial, specific_injury: injury },
            state,
          );
          const retagged = lead.lp_action === 'test';
          expect(retagged && lead.lead_is_qualified === 'yes').toBe(false);
          // Re-tagged exactly when the special path was taken and the fault still stands once judged.
          const cleared = partial === 'yes' && COMPARATIVE_FAULT_STATES.includes(state);
          const special = atFault === 'yes' && injury !== 'Cuts and Bruises';
          expect(retagged).toBe(special && !cleared);
        },
      ),
    );
  });
});

function flow(id: string) {
  const found = flowById(id);
  if (!found) throw new Error(id);
  return found;
}

describe('§4 the 730-day window holds in every flow’s rule set (issue 27)', () => {
  // §4: "lead_is_qualified is yes only if the do-not-send check passes and the incident is within 730 days".
  const answerValues = fc.record(
    {
      pending_dui_charges: fc.constantFrom('yes', 'no'),
      at_Fault: fc.constantFrom('yes', 'no'),
      physical_injury: fc.constantFrom('Yes', 'No'),
      with_Lawyer: fc.constantFrom('yes', 'no'),
      prior_alcohol_related_offense: fc.constantFrom('yes', 'no'),
    },
    { requiredKeys: [] },
  );

  // Every flow that makes a lead (the eligibility flow makes none: its ending posts nothing).
  const leadFlows = allFlows().filter((f) => f.ending.destination !== 'none');
  it.each(leadFlows.map((f) => [f.id]))('%s: every rule list it can choose holds the window', (id) => {
    fc.assert(
      fc.property(answerValues, (answers) => {
        expect(flow(id).policy.rules(answers)).toContain('window_730');
      }),
      { numRuns: 100 },
    );
  });

  const ctxFor = (id: string): DeriveContext => ({
    today: TODAY,
    place: AUSTIN,
    stateLimits: ACCIDENT_AGE_LIMITS,
    policy: flow(id).policy,
    tracking: { oid: '81', affid: '1', lp_campaign_id: '' },
    wordLists: WORD_LISTS,
    gibberishReading: looksLikeGibberish,
  });

  it('a DUI-path lead from 2016 (3,9xx days) is not qualified: DUIIncidentDescription does not clear the window', () => {
    const lead = deriveLead(
      {
        injury_year: '2016',
        injury_month: '03',
        at_Fault: 'yes',
        pending_dui_charges: 'yes',
        case_description: 'I was stopped after the crash and charged with a DUI',
        first_name: 'Ana',
        last_name: 'Diaz',
        zip_code: '78701',
      },
      ctxFor('dui'),
    );
    expect(lead.days_from_incident_date).toBeGreaterThan(3900);
    expect(lead).toMatchObject({ lead_is_qualified: 'no', dq_reason: 'date|over_730_days' });
  });

  it('a ticket from "Earlier than 2015" is not qualified; one from last month is', () => {
    const ticket = (year: string, month?: string) =>
      deriveLead(
        {
          injury_year: year,
          ...(month ? { injury_month: month } : {}),
          with_Lawyer: 'no',
          case_description: 'I got a speeding ticket on the highway last week',
          first_name: 'Ana',
          last_name: 'Diaz',
          zip_code: '78701',
        },
        ctxFor('ticket'),
      );
    expect(ticket(EARLIER_THAN_FIRST_YEAR)).toMatchObject({ lead_is_qualified: 'no', dq_reason: 'date|over_730_days' });
    expect(ticket('2026', '10')).toMatchObject({ lead_is_qualified: 'yes' });
  });
});

describe('§7 the ticket lead goes without three fields (issue 27)', () => {
  // §7: "Ticket flow: same kind of lead (without accident_within_last_year, state_long, accident_limit_exceeded)".
  it('leaves them out of what it posts; other flows keep them', () => {
    const lead = {
      variant: 'ticket',
      accident_within_last_year: 'yes',
      state_long: 'Texas',
      accident_limit_exceeded: 0,
      state: 'TX',
    } satisfies Partial<Lead>;
    expect(leadAsPosted(lead)).toEqual({ variant: 'ticket', state: 'TX' });
    expect(leadAsPosted({ ...lead, variant: 'minimal' })).toEqual({ ...lead, variant: 'minimal' });
  });
});

describe('§7 get-mappings: the server fills the ids a body lacks (issue 27)', () => {
  const mappings = [
    { affid: '77', oid: '81', lp_campaign_id: '516', lp_supplier_id: '7', lp_key: 'k77' },
    { affid: '78', oid: '81', lp_campaign_id: '1', lp_supplier_id: '8', lp_key: 'k78' },
  ];
  const tracking = { affid: '77', oid: '81', lp_campaign_id: '', lp_supplier_id: '', lp_key: '' };

  it.each([
    [tracking, { lp_campaign_id: '516', lp_supplier_id: '7', lp_key: 'k77' }],
    [
      { ...tracking, lp_campaign_id: '42' },
      { lp_campaign_id: '42', lp_supplier_id: '7', lp_key: 'k77' },
    ],
    [
      { ...tracking, affid: '99' },
      { lp_campaign_id: '', lp_supplier_id: '', lp_key: '' },
    ],
    [
      { ...tracking, affid: '{affid}' },
      { lp_campaign_id: '', lp_supplier_id: '', lp_key: '' },
    ],
  ])('%j → %j (the URL’s own ids never replaced)', (given, expected) => {
    expect(withServerLeadMapping(given, mappings)).toMatchObject(expected);
  });

  it('finds a mapping by its pair only', () => {
    expect(findLeadMapping(mappings, { affid: '78', oid: '81' })?.lp_key).toBe('k78');
    expect(findLeadMapping(mappings, { affid: '78', oid: '82' })).toBeUndefined();
  });

  it('campaign 516 by mapping skips the name check, as §5 says for the campaign', () => {
    const filled = withServerLeadMapping(tracking, mappings);
    expect(WORD_LISTS.nameGibberish('Xkcdq', 'Zzzzz', filled.lp_campaign_id)).toBe('no');
  });
});

describe("whose today: the visitor's calendar (issue 27)", () => {
  it('a Los Angeles visitor at 8 pm on day 15 is on day 15, not 16 (UTC is already the next day)', () => {
    const eveningInLosAngeles = new Date('2026-11-23T04:00:00Z'); // 20:00 on 22 November, UTC−8
    expect(visitorDateOf(eveningInLosAngeles, -480)).toBe('2026-11-22');
    const lead = deriveLead(
      { ...AT_FAULT_SERIOUS, at_Fault: 'no', partial_fault: 'no', injury_month: '11', injury_day: '07' },
      {
        today: visitorDateOf(eveningInLosAngeles, -480),
        place: placeIn('CA'),
        stateLimits: ACCIDENT_AGE_LIMITS,
        policy: V4_RETAG_POLICY,
        tracking: { oid: '81', affid: '1', lp_campaign_id: '' },
        wordLists: WORD_LISTS,
        gibberishReading: looksLikeGibberish,
      },
    );
    expect(lead.days_from_incident_date).toBe(15);
    expect(lead.when_seek_medical_treatment).toBe('first_week');
  });

  it.each([
    [undefined, DEFAULT_VISITOR_UTC_OFFSET],
    [-480, -480],
    [600, 600],
    [780, US_UTC_OFFSET_BOUNDS.max],
    [-720, US_UTC_OFFSET_BOUNDS.min],
    [Number.NaN, DEFAULT_VISITOR_UTC_OFFSET],
  ])('the offset %s is read as %s (bounded to US zones; none: Hawaii)', (claimed, read) => {
    expect(boundedUtcOffset(claimed)).toBe(read);
  });

  it('property: the visitor’s date is the UTC date or one day either side', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -1440, max: 1440 }),
        (instant, offset) => {
          const utc = instant.toISOString().slice(0, 10);
          const local = visitorDateOf(instant, offset);
          const days = Math.round((Date.parse(local) - Date.parse(utc)) / 86_400_000);
          expect(Math.abs(days)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('§5 accident age limit: the anniversary, tested at the boundary month (issue 27)', () => {
  // §5: "state limit in years times 12 months compared with months since injury; exceeding it sets
  // accident_limit_exceeded to 1". Kept as the last day to file (docs/spec-decisions.md): the same rule
  // measured to the day.
  it.each([
    ['2026-03-15', false, 24],
    ['2026-03-16', true, 24],
    ['2026-04-14', true, 24],
    ['2026-04-15', true, 25],
  ])('a 2-year state, accident 2024-03-15, on %s: exceeded %s (whole months since: %i)', (today, exceeded) => {
    expect(isAccidentLimitExceeded(ACCIDENT_AGE_LIMITS, 'TX', '2024-03-15', today)).toBe(exceeded);
  });

  it('a leap-day accident’s anniversary in a common year is 1 March (the later reading, for the visitor)', () => {
    expect(isAccidentLimitExceeded(ACCIDENT_AGE_LIMITS, 'TX', '2024-02-29', '2026-03-01')).toBe(false);
    expect(isAccidentLimitExceeded(ACCIDENT_AGE_LIMITS, 'TX', '2024-02-29', '2026-03-02')).toBe(true);
  });
});
