/** Every flow the product serves, by id (spec §1 "Funnel variants"). */
import { EXTENDED_DEFAULTS, EXTENDED_FLOW, makeExtendedFlow } from './extended-flow';
import type { FlowDefinition } from './flow-definition';
import { V4_POLICY, policy } from './policies';
import { FIFTY_STATES, COMPARATIVE_FAULT_STATES } from '../rules/state-lists';
import { DUI } from './variants/dui-flow';
import { MULTI_STEP_FORM, ONE_PAGE_FORM } from './variants/form-flows';
import { ELIGIBILITY, TICKET } from './variants/other-products';
import { MEDICAL, SHORT, SOCIAL_DROP } from './variants/social-drop-variants';
import { MINIMAL, NAME_FIRST_SHORT, PLAIN_SHORT, SHORT_2, SOCIAL_VIDEO } from './variants/short-variants';
import { V5, V7 } from './variants/v5-v7-flows';
import { VARIANT_A, VARIANT_B, VARIANT_C } from './variants/variant-abc';
import { VW3 } from './variants/vw3-flow';

/** States whose buyers need a date of birth in the consent variant (operator data; §4 "state check"). */
export const DATE_OF_BIRTH_STATES: readonly string[] = ['CA', 'NY'];

const V4_RETAG_POLICY = policy({ retagStates: FIFTY_STATES, partialFaultStates: COMPARATIVE_FAULT_STATES });

const FLOWS: readonly FlowDefinition[] = [
  EXTENDED_FLOW,
  makeExtendedFlow({ ...EXTENDED_DEFAULTS, id: 'spanish', skipLawyerFollowUps: true }),
  makeExtendedFlow({ ...EXTENDED_DEFAULTS, id: 'v4nv', skipCaseWorth: true, v4Fault: true, policy: V4_RETAG_POLICY }),
  makeExtendedFlow({
    ...EXTENDED_DEFAULTS,
    id: 'v4nv-spanish',
    skipCaseWorth: true,
    skipLawyerFollowUps: true,
    v4Fault: true,
    policy: V4_RETAG_POLICY,
  }),
  makeExtendedFlow({
    ...EXTENDED_DEFAULTS,
    id: 'v4nv-consent',
    skipCaseWorth: true,
    v4Fault: true,
    buyersConsent: true,
    dateOfBirthStates: DATE_OF_BIRTH_STATES,
    policy: V4_RETAG_POLICY,
  }),
  makeExtendedFlow({ ...EXTENDED_DEFAULTS, id: 'v4g', v4Fault: true, combinedLastStep: true, policy: V4_POLICY }),
  VARIANT_A,
  VARIANT_B,
  VARIANT_C,
  SOCIAL_DROP,
  SHORT,
  MEDICAL,
  DUI,
  VW3,
  SOCIAL_VIDEO,
  SHORT_2,
  MINIMAL,
  NAME_FIRST_SHORT,
  PLAIN_SHORT,
  TICKET,
  ELIGIBILITY,
  MULTI_STEP_FORM,
  ONE_PAGE_FORM,
  V5,
  V7,
];

export function flowById(id: string): FlowDefinition | undefined {
  return FLOWS.find((f) => f.id === id);
}

export function allFlows(): readonly FlowDefinition[] {
  return FLOWS;
}
