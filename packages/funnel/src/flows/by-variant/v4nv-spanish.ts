/** /survey/v4nv-es (§4): the v4nv survey in Spanish, without the lawyer follow-ups. */
import { EXTENDED_DEFAULTS, makeExtendedFlow } from '../extended-flow';
import type { FlowDefinition } from '../flow-definition';
import { V4_RETAG_POLICY } from '../policies';

export const flow: FlowDefinition = makeExtendedFlow({
  ...EXTENDED_DEFAULTS,
  id: 'v4nv-spanish',
  skipCaseWorth: true,
  skipLawyerFollowUps: true,
  v4Fault: true,
  policy: V4_RETAG_POLICY,
});
