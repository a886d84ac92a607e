import {
  ACCIDENT_TYPE_OPTIONS,
  FAULT_OPTIONS,
  INJURY_OPTIONS,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
} from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/** Name-first short (§2, §4 progress 12, 25, 36, 45, 68, 72, 87, 95, 98). */
export const flow: FlowDefinition = buildFlow({
  id: 'name-first-short',
  steps: [
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 12 },
    { id: 'TypeOfAccident', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 25 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 36 },
    { id: 'WasUserInjured', screen: { kind: 'choice', options: INJURY_OPTIONS }, progress: 45 },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 68 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 72 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 87 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 95 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});
