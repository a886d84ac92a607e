/**
 * Demo visitors for `npm run seed:demo` (issue 16): each one lands on a funnel path on some day, walks
 * the path's flow (or the experiment arm's) through the domain's own engine (validateStep, answerStep),
 * answering as a visitor could, and either leaves on some step or submits. Everything is drawn from a
 * seeded generator, so a seed gives the same demo every time.
 */
import {
  ACCIDENT_AGE_LIMITS,
  addDays,
  answerStep,
  answersOnPath,
  currentStep,
  formatTimeOnSteps,
  leadOf,
  readTracking,
  startFlow,
  validateStep,
  WORD_LISTS,
  looksLikeGibberish,
  type FlowContext,
  type FlowDefinition,
  type FlowState,
  type FunnelRoute,
  type StepDefinition,
  type StepInput,
  type ZipPlace,
} from '@app/funnel';

export interface Dice {
  /** A number in [0, 1). */
  unit(): number;
  /** 0 … n − 1. */
  pick(n: number): number;
}

export function diceOf(random: () => number): Dice {
  return { unit: random, pick: (n) => Math.floor(random() * n) % Math.max(1, n) };
}

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Ana', 'David', 'Sofia', 'Michael', 'Laura', 'Carlos', 'Emily'];
const LAST = ['Lopez', 'Smith', 'Johnson', 'Garcia', 'Brown', 'Martinez', 'Davis', 'Wilson', 'Rivera', 'Taylor'];
export const DEMO_PLACES: readonly (ZipPlace & { area: string })[] = [
  { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis', area: '512' },
  { zip: '90012', city: 'Los Angeles', state: 'CA', state_long: 'California', county: 'Los Angeles', area: '213' },
  { zip: '37201', city: 'Nashville', state: 'TN', state_long: 'Tennessee', county: 'Davidson', area: '615' },
  { zip: '33130', city: 'Miami', state: 'FL', state_long: 'Florida', county: 'Miami-Dade', area: '305' },
  { zip: '60601', city: 'Chicago', state: 'IL', state_long: 'Illinois', county: 'Cook', area: '312' },
  { zip: '30303', city: 'Atlanta', state: 'GA', state_long: 'Georgia', county: 'Fulton', area: '404' },
];
const DESCRIPTIONS = [
  'A truck ran the red light and hit the driver side of my car at the intersection',
  'I was stopped at a light when another driver rear ended me and pushed me into traffic',
  'The other car changed lanes without looking and sideswiped me on the highway',
  'A driver backed out of a parking spot into my car while I was driving past',
];

export interface DemoPerson {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  place: (typeof DEMO_PLACES)[number];
}

export function demoPerson(dice: Dice, n: number): DemoPerson {
  const first = FIRST[dice.pick(FIRST.length)] ?? 'Maria';
  const last = LAST[dice.pick(LAST.length)] ?? 'Lopez';
  const place = DEMO_PLACES[dice.pick(DEMO_PLACES.length)] ?? DEMO_PLACES[0];
  if (!place) throw new Error('no demo place');
  // Exchanges 201–899 (never 555, never N11): a number the numbering plan allows.
  let exchange = 201 + dice.pick(699);
  if (exchange === 555 || exchange % 100 === 11) exchange += 1;
  const line = String(dice.pick(10_000)).padStart(4, '0');
  return {
    first_name: first,
    last_name: last,
    email: `${first}.${last}.${n}@example.com`.toLowerCase(),
    phone: `(${place.area}) ${exchange}-${line}`,
    place,
  };
}

/** An answer to a step, as a visitor could give it (the step's own validation accepts it). */
function inputFor(step: StepDefinition, dice: Dice, person: DemoPerson, today: string): StepInput {
  const screen = step.screen;
  const accident = addDays(today, -(2 + dice.pick(400)));
  const [year = '2026', month = '01', day = '01'] = accident.split('-');
  const typed: Record<string, string> = {
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    phone: person.phone,
    zip_code: person.place.zip,
    address: `${10 + dice.pick(900)} Main St`,
    case_description: DESCRIPTIONS[dice.pick(DESCRIPTIONS.length)] ?? '',
    date_of_birth: `19${60 + dice.pick(40)}-0${1 + dice.pick(9)}-1${dice.pick(9)}`,
    law_firm_name: 'Smith & Co',
    injury_year: year,
    injury_month: month,
    injury_day: day,
    hit_and_run: dice.pick(5) === 0 ? 'yes' : 'no',
    '1_to_1_consent': 'yes',
  };
  switch (screen.kind) {
    case 'choice':
      return { option: screen.options[dice.pick(screen.options.length)]?.id };
    case 'questions': {
      const input: StepInput = {};
      for (const q of screen.questions)
        input[q.field] = q.options ? q.options[dice.pick(q.options.length)] : typed[q.field];
      return input;
    }
    default:
      return typed;
  }
}

function disqualified(flow: FlowDefinition, state: FlowState, ctx: FlowContext): boolean {
  return leadOf(flow, state.path, state.answers, ctx).is_disqualified;
}

export interface DemoWalk {
  /** Steps answered, in order, with the time each was on screen. */
  steps: { stepId: string; ms: number }[];
  /** Submitted: the lead body the page would post; undefined when the visitor left. */
  body: Record<string, unknown> | undefined;
}

/**
 * One visit: at each step the visitor leaves with `leaveChance` (a little more on forms), else answers.
 * Returns the answered steps and, when the last step was answered, the body the page would post.
 */
export function demoWalk(input: {
  flow: FlowDefinition;
  route: FunnelRoute;
  dice: Dice;
  person: DemoPerson;
  today: string;
  leadId: string;
  landingUrl: string;
  consentText: string;
  leaveChance: number;
}): DemoWalk {
  const { flow, route, dice, person, today } = input;
  const ctx: FlowContext = {
    today,
    place: person.place,
    stateLimits: ACCIDENT_AGE_LIMITS,
    tracking: { oid: route.oid, affid: route.affid, lp_campaign_id: '' },
    wordLists: WORD_LISTS,
    gibberishReading: looksLikeGibberish,
  };
  let state = startFlow(flow);
  const steps: { stepId: string; ms: number }[] = [];
  for (let i = 0; i <= flow.steps.length; i++) {
    const step = currentStep(flow, state);
    const form = step.screen.kind !== 'choice';
    if (dice.unit() < input.leaveChance * (form ? 1.6 : 1)) return { steps, body: undefined };
    const checked = validateStep(step, inputFor(step, dice, person, today), today);
    if (!checked.ok) return { steps, body: undefined };
    let outcome = answerStep(flow, state, checked.answers, ctx);
    // Paid traffic is targeted: most visitors who could qualify answer so. On a choice that would
    // disqualify them, three in four pick (by the flow's own verdict) an option that does not.
    if (step.screen.kind === 'choice' && disqualified(flow, outcome.state, ctx) && dice.unit() < 0.75) {
      for (const option of step.screen.options) {
        const other = validateStep(step, { option: option.id }, today);
        if (!other.ok) continue;
        const tried = answerStep(flow, state, other.answers, ctx);
        if (!disqualified(flow, tried.state, ctx)) {
          outcome = tried;
          break;
        }
      }
    }
    steps.push({ stepId: step.id, ms: Math.round((form ? 9000 : 2500) * (0.4 + dice.unit() * 1.8)) });
    state = outcome.state;
    if (outcome.done) break;
  }
  if (steps.length === 0 || steps.at(-1)?.stepId !== currentStep(flow, state).id) return { steps, body: undefined };
  const url = new URL(input.landingUrl);
  const body = {
    ...answersOnPath(flow, state.path, state.answers),
    ...readTracking(url.search, { oid: route.oid, affid: route.affid }),
    lead_id: input.leadId,
    variant: flow.id,
    language: route.language,
    tcpa: input.consentText,
    landing_page: url.origin,
    landing_page_url: input.landingUrl,
    page_referer: '',
    time_on_steps: formatTimeOnSteps(steps.map((s) => ({ step: s.stepId, ms: s.ms }))),
    steps_path: state.path,
  };
  return { steps, body };
}
