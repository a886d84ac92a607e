/**
 * Properties every variant must have (issue 3): from any valid answers the flow ends within its step
 * count, never revisits a step, never lowers the progress bar; and random answers reach every step and
 * every declared edge, which proves the declared graph is honest and has no dead parts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlowDefinition, StepDefinition } from '../src/flows/flow-definition';
import { flowEdges } from '../src/flows/flow-graph';
import { allFlows } from '../src/flows/flow-registry';
import type { StepInput } from '../src/flows/validate-step';
import type { ZipPlace } from '../src/lead/zip-place';
import { AUSTIN, context, walk } from './walk-flow';

const PLACES: (ZipPlace | null)[] = [
  AUSTIN,
  { zip: '90001', city: 'Los Angeles', state: 'CA', state_long: 'California', county: 'Los Angeles' },
  { zip: '37201', city: 'Nashville', state: 'TN', state_long: 'Tennessee', county: 'Davidson' },
  { zip: '21201', city: 'Baltimore', state: 'MD', state_long: 'Maryland', county: 'Baltimore City' },
  null,
];
const DAYS_AGO = [0, 3, 14, 15, 16, 45, 200, 364, 366, 400, 700, 731, 1500, 4500];
const SAMPLE: Record<string, string> = {
  first_name: 'Maria',
  last_name: 'Lopez',
  email: 'maria@example.com',
  phone: '5125550100',
  zip_code: '78701',
  address: '12 Main St',
  case_description: 'A truck ran the red light and hit my car',
  date_of_birth: '1990-04-05',
  law_firm_name: 'Smith & Co',
};

interface Dice {
  pick: (n: number) => number;
}

function dateInput(daysAgo: number): StepInput {
  const date = new Date(Date.UTC(2026, 10, 22) - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = date.split('-');
  return Number(y) < 2015 ? { injury_year: 'Earlier than 2015' } : { injury_year: y, injury_month: m, injury_day: d };
}

function inputFor(step: StepDefinition, dice: Dice, daysAgo: number): StepInput {
  const screen = step.screen;
  switch (screen.kind) {
    case 'choice':
      return { option: screen.options[dice.pick(screen.options.length)]?.id };
    case 'incident-date':
      return dateInput(daysAgo);
    case 'description':
      return { case_description: SAMPLE.case_description, hit_and_run: dice.pick(2) === 0 ? 'yes' : 'no' };
    case 'zip':
      return { zip_code: '78701', '1_to_1_consent': dice.pick(2) === 0 ? 'yes' : 'no' };
    case 'questions': {
      const date = dateInput(daysAgo);
      const input: StepInput = {};
      for (const q of screen.questions) {
        input[q.field] = q.options
          ? q.options[dice.pick(q.options.length)]
          : (date[q.field] ?? SAMPLE[q.field] ?? '01');
      }
      if (input.injury_year === 'Earlier than 2015') input.injury_year = '2015';
      return input;
    }
    default:
      return SAMPLE;
  }
}

function explore(flow: FlowDefinition, runs: number) {
  const seenSteps = new Set<string>();
  const seenEdges = new Set<string>();
  fc.assert(
    fc.property(fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }), fc.nat(), (rolls, seed) => {
      let i = 0;
      const dice: Dice = { pick: (n) => (rolls[i++ % rolls.length] ?? 0) % n };
      const daysAgo = DAYS_AGO[seed % DAYS_AGO.length] ?? 30;
      const place = PLACES[Math.floor(seed / DAYS_AGO.length) % PLACES.length] ?? null;
      const result = walk(
        flow,
        (id) => inputFor(flow.steps.find((s) => s.id === id) ?? fail(id), dice, daysAgo),
        context(place),
      );
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

function fail(id: string): never {
  throw new Error(`no step ${id}`);
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
