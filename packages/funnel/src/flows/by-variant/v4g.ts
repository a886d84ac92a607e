/** surveyv4g (§4): V4 fault answers and the combined AllPii last step. */
import { EXTENDED_DEFAULTS, makeExtendedFlow } from '../extended-flow';
import type { FlowDefinition } from '../flow-definition';
import { V4_POLICY } from '../policies';

export const flow: FlowDefinition = makeExtendedFlow({
  ...EXTENDED_DEFAULTS,
  id: 'v4g',
  v4Fault: true,
  combinedLastStep: true,
  policy: V4_POLICY,
});
