/** /survey/es and surveyes (§4): the extended survey without the lawyer follow-ups. */
import { EXTENDED_DEFAULTS, makeExtendedFlow } from '../extended-flow';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = makeExtendedFlow({
  ...EXTENDED_DEFAULTS,
  id: 'spanish',
  skipLawyerFollowUps: true,
});
