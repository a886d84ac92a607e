/**
 * Issue 28: the eligibility flow (§1 "an eligibility flow (age group, citizenship, secured benefits)") judges
 * its visitor: eligible when 18 or older, a US citizen, and without benefits already secured; otherwise the
 * first reason in that order (docs/spec-decisions.md). Every combination of the three answers.
 */
import { describe, expect, it } from 'vitest';
import { consentText } from '../src/consent/consent-text';
import { flowById } from '../src/flows/flow-registry';
import { deriveLead } from '../src/lead/derive-lead';
import { AGE_GROUPS } from '../src/lead/survey-answers';
import { ACCIDENT_AGE_LIMITS } from '../src/rules/accident-age-limits';
import { TODAY } from './walk-flow';
import { looksLikeGibberish } from '../src/text/description-checks';

const eligibility = flowById('eligibility');

function verdictOf(age: (typeof AGE_GROUPS)[number], citizen: 'yes' | 'no', secured: 'yes' | 'no') {
  if (!eligibility) throw new Error('no eligibility flow');
  const lead = deriveLead(
    { age_group: age, is_us_citizen: citizen, secured_benefits: secured },
    {
      today: TODAY,
      place: null,
      stateLimits: ACCIDENT_AGE_LIMITS,
      policy: eligibility.policy,
      tracking: { oid: '', affid: '', lp_campaign_id: '' },
      wordLists: null,
      gibberishReading: looksLikeGibberish,
    },
  );
  return [lead.lead_is_qualified, lead.dq_reason];
}

const cases = AGE_GROUPS.flatMap((age) =>
  (['yes', 'no'] as const).flatMap((citizen) =>
    (['yes', 'no'] as const).map((secured) => [age, citizen, secured] as const),
  ),
);

describe('the eligibility verdict (issue 28)', () => {
  it.each(cases)('age %s, citizen %s, benefits secured %s', (age, citizen, secured) => {
    const expected =
      age === 'under_18'
        ? ['no', 'age_group|under_18']
        : citizen === 'no'
          ? ['no', 'is_us_citizen|no']
          : secured === 'yes'
            ? ['no', 'secured_benefits|yes']
            : ['yes', ''];
    expect(verdictOf(age, citizen, secured)).toEqual(expected);
  });

  it('an under-18 non-citizen who already secured benefits is not told "you may be eligible"', () => {
    expect(verdictOf('under_18', 'no', 'yes')).toEqual(['no', 'age_group|under_18']);
  });

  it('is about benefits after an accident: its own topic, so its first screen and copy are its own', () => {
    expect(eligibility?.topic).toBe('benefits');
  });
});

// §4 "no buyers selected shows the second consent modal"; the visitor who goes on without a firm agreed
// to no firm's call (issue 28).
describe('the consent text of a visitor who kept no law firm', () => {
  it.each(['en', 'es'] as const)(
    '%s: names no firm, grants no affiliated attorney, says no firm may call',
    (language) => {
      const text = consentText({
        language,
        brandName: 'Accident Claim Check',
        buyers: [],
        topic: 'accident',
        declinedFirms: true,
      });
      expect(text).not.toMatch(/affiliated attorneys|abogados afiliados/);
      expect(text).toMatch(language === 'en' ? /no law firm may contact me/ : /ningún bufete podrá contactarme/);
      expect(text).toContain('Accident Claim Check');
    },
  );
});
