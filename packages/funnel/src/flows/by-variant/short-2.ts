import {
  ACCIDENT_TYPE_OPTIONS,
  FAULT_OPTIONS,
  INJURED_YES_NO,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
} from '../common-options';
import { SPECIFIC_INJURIES } from '../../lead/survey-answers';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/**
 * Short 2 (§2, §4): progress StartPath 10, HowWasUserHurt 18, WhenWasTheAccident 27, AtFault 36,
 * DescribeInjuries 45, PoliceReport 54, HasAttorney 63, Description 87, EmailAndName 95; ZipAndPhone
 * (no value given) 98; then the End screen while submitting. §4 lists StartPath in its progress, so the
 * flow starts there although §2's step order begins at HowWasUserHurt.
 */
export const flow: FlowDefinition = buildFlow({
  id: 'short-2',
  ending: { destination: 'post-lead', after: 'redirect', endScreen: 'End' },
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 10 },
    { id: 'HowWasUserHurt', screen: { kind: 'choice', options: INJURED_YES_NO }, progress: 18 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 27 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 36 },
    {
      id: 'DescribeInjuries',
      screen: { kind: 'questions', questions: [{ field: 'injury_type', options: [...SPECIFIC_INJURIES, 'None'] }] },
      progress: 45,
    },
    { id: 'PoliceReport', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 54 },
    { id: 'HasAttorney', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 63 },
    { id: 'Description', screen: { kind: 'description' }, progress: 87 },
    { id: 'EmailAndName', screen: { kind: 'name-email' }, progress: 95 },
    { id: 'ZipAndPhone', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});
