/**
 * The DUI variant (spec §2, §4 "DUI variant"). At-fault drivers with pending DUI charges take the DUI
 * path to their own description and the phone step; that path "clears disqualification": the injury
 * case rules (at fault, injury, treatment) no longer apply, only the text and name checks and §4's
 * 730-day window do.
 */
import { ALCOHOL_TESTS, BAC_LEVELS, type SurveyAnswers } from '../../lead/survey-answers';
import {
  ACCIDENT_TYPE_OPTIONS,
  CASE_WORTH_OPTIONS,
  FAULT_OPTIONS,
  INJURED_YES_NO,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  yesNo,
} from '../common-options';
import type { FlowLead, FlowDefinition } from '../flow-definition';
import { policy } from '../policies';
import { buildFlow } from '../variants/build-flow';
import { STANDARD_RULES, type QualificationRuleId } from '../../rules/qualification';

/**
 * §4 DUIIncidentDescription "clears disqualification": what the injury case's rules said before it no longer
 * counts. It does not clear §4's 730-day window ("lead_is_qualified is yes only if … the incident is within
 * 730 days"), which every flow's rule lists hold (issue 27).
 */
const DUI_PATH_RULES: readonly QualificationRuleId[] = ['gibberish', 'window_730', 'enough_words', 'name_gibberish'];

function duiRules(answers: SurveyAnswers): readonly QualificationRuleId[] {
  return answers.pending_dui_charges === 'yes' ? DUI_PATH_RULES : STANDARD_RULES;
}

export const flow: FlowDefinition = buildFlow({
  id: 'dui',
  policy: policy({ rules: duiRules }),
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 5 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 10 },
    { id: 'AutoAccidentCaseWorth', screen: { kind: 'choice', options: CASE_WORTH_OPTIONS }, progress: 15 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 20 },
    {
      id: 'AtFault',
      screen: { kind: 'choice', options: FAULT_OPTIONS },
      progress: 25,
      next: (lead) => (lead.at_Fault === 'yes' ? 'PendingDUICharges' : 'WasUserInjured'),
      targets: ['PendingDUICharges', 'WasUserInjured'],
    },
    {
      id: 'PendingDUICharges',
      screen: { kind: 'choice', options: yesNo('pending_dui_charges') },
      progress: 30,
      next: (lead) => (lead.pending_dui_charges === 'yes' ? 'TypeOfAlcoholTestPerformed' : 'WasUserInjured'),
      targets: ['TypeOfAlcoholTestPerformed', 'WasUserInjured'],
    },
    {
      id: 'TypeOfAlcoholTestPerformed',
      screen: {
        kind: 'choice',
        // §4: no test or a refused test means the BAC is not known, and its question is skipped.
        options: ALCOHOL_TESTS.map((t) => ({
          id: t,
          set:
            t === 'no_test' || t === 'refused_test'
              ? { type_of_alcohol_test_performed: t, bac_level: 'dont_know' as const }
              : { type_of_alcohol_test_performed: t },
        })),
      },
      progress: 40,
      next: (lead) => (lead.bac_level === 'dont_know' ? 'UserHasDUI' : 'BACMeasuredByTest'),
      targets: ['UserHasDUI', 'BACMeasuredByTest'],
    },
    {
      id: 'BACMeasuredByTest',
      screen: { kind: 'choice', options: BAC_LEVELS.map((b) => ({ id: b, set: { bac_level: b } })) },
      progress: 50,
    },
    { id: 'UserHasDUI', screen: { kind: 'choice', options: yesNo('prior_alcohol_related_offense') }, progress: 60 },
    {
      id: 'DUIIncidentDescription',
      // What happened when the visitor was stopped: no other driver, no hit-and-run box (issue 11).
      screen: { kind: 'description', hitAndRun: false },
      progress: 70,
      next: () => 'PhoneAndZip',
      targets: ['PhoneAndZip'],
    },
    {
      id: 'WasUserInjured',
      screen: { kind: 'choice', options: INJURED_YES_NO },
      progress: 75,
      // §4: injury yes loads a third-party tracking script.
      effects: (lead: FlowLead) => (lead.physical_injury === 'Yes' ? ['load-dui-injury-script'] : []),
    },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 80 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 85 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 90 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 96 },
  ],
});
