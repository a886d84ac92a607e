/** surveyv4nv and /survey/v4nv-rz (§4): no case-worth question, V4 fault answers, re-tagged on 50 states. */
import { EXTENDED_DEFAULTS, makeExtendedFlow } from '../extended-flow';
import type { FlowDefinition } from '../flow-definition';
import { V4_RETAG_POLICY } from '../policies';

export const flow: FlowDefinition = makeExtendedFlow({
  ...EXTENDED_DEFAULTS,
  id: 'v4nv',
  skipCaseWorth: true,
  v4Fault: true,
  policy: V4_RETAG_POLICY,
});
