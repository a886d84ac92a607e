/**
 * Eligibility (spec §1, §2): age group, citizenship, secured benefits; an answer on the page, no lead. Its
 * verdict is rules/qualification.ts ELIGIBILITY_RULES (issue 28): each visitor sees the end true for them.
 */
import { AGE_GROUPS } from '../../lead/survey-answers';
import { yesNo } from '../common-options';
import { ELIGIBILITY_RULES } from '../../rules/qualification';
import { policy } from '../policies';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = buildFlow({
  id: 'eligibility',
  topic: 'benefits',
  policy: policy({ rules: () => ELIGIBILITY_RULES, forcedTreatment: 'never' }),
  ending: { destination: 'none', after: 'end-screen', endScreen: 'EligibilityResult' },
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: [{ id: 'start', set: {} }] }, progress: 10 },
    {
      id: 'SelectAgeGroup',
      screen: { kind: 'choice', options: AGE_GROUPS.map((a) => ({ id: a, set: { age_group: a } })) },
      progress: 35,
    },
    { id: 'USCitizen', screen: { kind: 'choice', options: yesNo('is_us_citizen') }, progress: 60 },
    { id: 'SecuredBenefits', screen: { kind: 'choice', options: yesNo('secured_benefits') }, progress: 85 },
  ],
});
