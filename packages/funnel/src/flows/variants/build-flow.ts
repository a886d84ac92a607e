/** A compact way to write a linear-ish variant: steps in order, progress, and `next` per step. */
import type { DerivePolicy } from '../../lead/derive-lead';
import { SUBMIT, type CaseTopic, type FlowDefinition, type FlowEnding, type StepDefinition } from '../flow-definition';
import { STANDARD_POLICY } from '../policies';

export interface StepSpec {
  id: string;
  screen: StepDefinition['screen'];
  progress: number;
  /** Defaults to the next step in the list (SUBMIT after the last). */
  next?: StepDefinition['next'];
  /** Required with `next`: every step it may return. */
  targets?: readonly string[];
  effects?: StepDefinition['effects'];
  textKey?: string;
}

export interface FlowSpec {
  id: string;
  steps: readonly StepSpec[];
  policy?: DerivePolicy;
  ending?: FlowEnding;
  remotePhoneCheck?: boolean;
  /** Defaults to a car accident. */
  topic?: CaseTopic;
  progressStyle?: FlowDefinition['progressStyle'];
}

export function buildFlow(spec: FlowSpec): FlowDefinition {
  const steps = spec.steps.map((s, i): StepDefinition => {
    const following = spec.steps[i + 1]?.id ?? SUBMIT;
    if (s.next && !s.targets) throw new Error(`Flow ${spec.id}: step ${s.id} has a next but no targets`);
    return {
      id: s.id,
      screen: s.screen,
      progress: s.progress,
      next: s.next ?? (() => following),
      targets: s.next ? (s.targets ?? []) : [following],
      ...(s.effects ? { effects: s.effects } : {}),
      ...(s.textKey ? { textKey: s.textKey } : {}),
    };
  });
  const first = steps[0];
  if (!first) throw new Error(`Flow ${spec.id} has no steps`);
  return {
    id: spec.id,
    first: first.id,
    steps,
    policy: spec.policy ?? STANDARD_POLICY,
    ending: spec.ending ?? { destination: 'post-lead', after: 'redirect' },
    remotePhoneCheck: spec.remotePhoneCheck ?? true,
    topic: spec.topic ?? 'accident',
    ...(spec.progressStyle ? { progressStyle: spec.progressStyle } : {}),
  };
}
