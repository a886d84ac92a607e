/**
 * Random visitors for property tests: each walk answers every step of a flow with a random choice, a
 * date some days back and a place (or none), the way a visitor could.
 */
import fc from 'fast-check';
import type { FlowDefinition, StepDefinition } from '../src/flows/flow-definition';
import type { StepInput } from '../src/flows/validate-step';
import type { ZipPlace } from '../src/lead/zip-place';
import { AUSTIN, context, walk, type Walk } from './walk-flow';
import type { FlowContext } from '../src/flows/flow-engine';

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

export interface Dice {
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

export interface RandomWalk {
  walk: Walk;
  ctx: FlowContext;
}

/** An arbitrary walk of `flow` from start to submit (fast-check shrinks the rolls and the seed). */
export function randomWalk(flow: FlowDefinition): fc.Arbitrary<RandomWalk> {
  return fc.tuple(fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }), fc.nat()).map(([rolls, seed]) => {
    let i = 0;
    const dice: Dice = { pick: (n) => (rolls[i++ % rolls.length] ?? 0) % n };
    const daysAgo = DAYS_AGO[seed % DAYS_AGO.length] ?? 30;
    const place = PLACES[Math.floor(seed / DAYS_AGO.length) % PLACES.length] ?? null;
    const ctx = context(place);
    const result = walk(flow, (id) => inputFor(stepOf(flow, id), dice, daysAgo), ctx);
    return { walk: result, ctx };
  });
}

function stepOf(flow: FlowDefinition, id: string): StepDefinition {
  const step = flow.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}
