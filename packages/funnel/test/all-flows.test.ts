/**
 * Properties every variant must have (issue 3): from any valid answers the flow ends within its step
 * count, never revisits a step, never lowers the progress bar; and random answers reach every step and
 * every declared edge, which proves the declared graph is honest and has no dead parts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlowDefinition } from '../src/flows/flow-definition';
import { flowEdges } from '../src/flows/flow-graph';
import { allFlows } from '../src/flows/flow-registry';
import { randomWalk } from './random-walks';

function explore(flow: FlowDefinition, runs: number) {
  const seenSteps = new Set<string>();
  const seenEdges = new Set<string>();
  fc.assert(
    fc.property(randomWalk(flow), ({ walk: result }) => {
      expect(result.done).toBe(true);
      expect(new Set(result.path).size).toBe(result.path.length);
      expect(result.path.length).toBeLessThanOrEqual(flow.steps.length);
      for (let k = 1; k < result.progress.length; k++) {
        expect(result.progress[k]).toBeGreaterThanOrEqual(result.progress[k - 1] ?? 0);
      }
      result.path.forEach((id, k) => {
        seenSteps.add(id);
        seenEdges.add(`${id} -> ${result.path[k + 1] ?? 'submit'}`);
      });
    }),
    { numRuns: runs, seed: 20261122 },
  );
  return { seenSteps, seenEdges };
}

describe('every variant', () => {
  it('has unique flow ids, unique step ids and progress values within 0–100', () => {
    const ids = allFlows().map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const flow of allFlows()) {
      const stepIds = flow.steps.map((s) => s.id);
      expect(new Set(stepIds).size, flow.id).toBe(stepIds.length);
      for (const s of flow.steps) expect(s.progress, `${flow.id}/${s.id}`).toBeGreaterThanOrEqual(0);
      for (const s of flow.steps) expect(s.progress, `${flow.id}/${s.id}`).toBeLessThan(100);
    }
  });

  for (const flow of allFlows()) {
    it(`${flow.id}: ends, never revisits, never lowers progress; every step and edge is reached`, () => {
      const { seenSteps, seenEdges } = explore(flow, 700);
      expect([...flow.steps.map((s) => s.id)].filter((id) => !seenSteps.has(id))).toEqual([]);
      const declared = flowEdges(flow).map(([a, b]) => `${a} -> ${b}`);
      expect(declared.filter((e) => !seenEdges.has(e))).toEqual([]);
    });
  }
});
