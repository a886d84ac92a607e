/** Test helper: walks a flow with one input per step, as a visitor would, through validateStep. */
import { ACCIDENT_AGE_LIMITS } from '../src/rules/accident-age-limits';
import type { FlowDefinition } from '../src/flows/flow-definition';
import {
  answerStep,
  currentStep,
  progressOf,
  startFlow,
  type FlowContext,
  type FlowState,
} from '../src/flows/flow-engine';
import type { StepInput } from '../src/flows/validate-choice';
import { validateStep } from '../src/flows/validate-step';
import type { ZipPlace } from '../src/lead/zip-place';
import { WORD_LISTS } from '../src/text/word-lists';
import { looksLikeGibberish } from '../src/text/description-checks';

export const TODAY = '2026-11-22';
export const AUSTIN: ZipPlace = { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' };

export function context(place: ZipPlace | null = null): FlowContext {
  return {
    today: TODAY,
    place,
    stateLimits: ACCIDENT_AGE_LIMITS,
    tracking: { oid: '81', affid: '1', lp_campaign_id: '' },
    wordLists: WORD_LISTS,
    gibberishReading: looksLikeGibberish,
  };
}

export interface Walk {
  path: string[];
  progress: number[];
  state: FlowState;
  done: boolean;
}

export function walk(flow: FlowDefinition, inputs: (stepId: string) => StepInput, ctx = context()): Walk {
  let state = startFlow(flow);
  const progress: number[] = [];
  for (let i = 0; i <= flow.steps.length; i++) {
    const step = currentStep(flow, state);
    progress.push(progressOf(flow, state));
    const result = validateStep(step, inputs(step.id), ctx.today);
    if (!result.ok)
      throw new Error(`${step.id} refused ${JSON.stringify(inputs(step.id))}: ${JSON.stringify(result.errors)}`);
    const outcome = answerStep(flow, state, result.answers, ctx);
    state = outcome.state;
    if (outcome.done) return { path: [...state.path], progress, state, done: true };
  }
  return { path: [...state.path], progress, state, done: false };
}

/** /survey's walk for a visitor hit by another driver, injured and treated, without a lawyer (§4). */
export const EXTENDED_INJURED_WALK = [
  'StartPath',
  'AutoAccidentCaseWorth',
  'WhenWasTheAccident',
  'AtFault',
  'WasUserInjured',
  'DidYouReceiveMedicalTreatment',
  'PoliceReportFiled',
  'HasLawyer',
  'IncidentDescription',
  'NameAndEmail',
  'PhoneAndZip',
];

export const CONTACT: Record<string, StepInput> = {
  NameAndEmail: { first_name: 'Maria', last_name: 'Lopez', email: 'maria@example.com' },
  PhoneAndZip: { phone: '(512) 555-0100', zip_code: '78701' },
  AllPii: {
    first_name: 'Maria',
    last_name: 'Lopez',
    email: 'maria@example.com',
    phone: '5125550100',
    zip_code: '78701',
  },
  DateOfBirth: { date_of_birth: '1990-04-05' },
  LawFirmDetails: { law_firm_name: 'Smith & Co' },
  IncidentDescription: { case_description: 'A truck ran a red light and hit my car', hit_and_run: 'no' },
};
