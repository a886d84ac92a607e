/**
 * Variants A, B and C (spec §2 "Step orders by variant", §4 "Other variants"): after WasUserInjured,
 * physical_injury No skips TypeOfMedicalTreatment; Yes loads a tracking pixel; the first step loads
 * an ad script. B collects name and email at its second step (SocialDropPII).
 */
import { INJURY_OPTIONS } from '../common-options';
import type { FlowLead } from '../flow-definition';
import type { StepSpec } from './build-flow';

export const adScript = () => ['load-ad-script'] as const;
const injuryPixel = (lead: FlowLead) => (lead.physical_injury === 'Yes' ? (['load-injury-pixel'] as const) : []);
const skipTreatmentIfNotInjured = (lead: FlowLead) =>
  lead.physical_injury === 'No' ? 'PoliceReportFiled' : 'TypeOfMedicalTreatment';

/** The step all three share: not injured skips TypeOfMedicalTreatment; injured loads the pixel. */
export function wasUserInjured(progress: number): StepSpec {
  return {
    id: 'WasUserInjured',
    screen: { kind: 'choice', options: INJURY_OPTIONS },
    progress,
    next: skipTreatmentIfNotInjured,
    targets: ['TypeOfMedicalTreatment', 'PoliceReportFiled'],
    effects: injuryPixel,
  };
}
