/** The buyers-consent variant (/survey/v4nv-ep, -d1, -d2, -x1; §4): zip first, then a consent phone step. */
import { EXTENDED_DEFAULTS, makeExtendedFlow } from '../extended-flow';
import type { FlowDefinition } from '../flow-definition';
import { V4_RETAG_POLICY } from '../policies';

/** States whose buyers need a date of birth in the consent variant (operator data; §4 "state check"). */
export const DATE_OF_BIRTH_STATES: readonly string[] = ['CA', 'NY'];

export const flow: FlowDefinition = makeExtendedFlow({
  ...EXTENDED_DEFAULTS,
  id: 'v4nv-consent',
  skipCaseWorth: true,
  v4Fault: true,
  buyersConsent: true,
  dateOfBirthStates: DATE_OF_BIRTH_STATES,
  policy: V4_RETAG_POLICY,
});
