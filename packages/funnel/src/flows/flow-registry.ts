/** Every flow the product serves, by id. Issue-by-issue, variants are added here as data. */
import { EXTENDED_FLOW } from './extended-flow';
import type { FlowDefinition } from './flow-definition';

const FLOWS: readonly FlowDefinition[] = [EXTENDED_FLOW];

export function flowById(id: string): FlowDefinition | undefined {
  return FLOWS.find((f) => f.id === id);
}

export function allFlows(): readonly FlowDefinition[] {
  return FLOWS;
}
