/**
 * The server's reading of a submission (lead/read-submission.ts): the landing path decides the variant,
 * and the walk must be one that variant's flow allows and takes on the posted answers. Every walk a real
 * visitor can make reads clean (no lead is wrongly refused); tampered ones are caught.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersOnPath } from '../src/flows/flow-engine';
import { allFlows, flowById } from '../src/flows/flow-registry';
import type { FlowDefinition } from '../src/flows/flow-definition';
import { buildLeadRecord } from '../src/lead/lead-record';
import { LeadSubmissionSchema, type LeadSubmission } from '../src/lead/lead-submission';
import { readSubmission, type LeadDestination, type ReplayContext } from '../src/lead/read-submission';
import type { SurveyAnswers } from '../src/lead/survey-answers';
import { ROUTES } from '../src/routes/route-registry';
import { randomWalk } from './random-walks';
import { AUSTIN, context, EXTENDED_INJURED_WALK, TODAY } from './walk-flow';

function landingUrlOf(flow: FlowDefinition): string {
  const route = ROUTES.find((r) => r.variant === flow.id);
  if (!route) throw new Error(`no route serves ${flow.id}`);
  return `https://funnel.example${route.segment ? `/${route.path}/x` : route.path}?sub1=a`;
}

function submissionOf(flow: FlowDefinition, path: readonly string[], answers: SurveyAnswers): LeadSubmission {
  return LeadSubmissionSchema.parse({
    first_name: 'Maria',
    last_name: 'Lopez',
    email: 'maria@example.com',
    phone: '5125550100',
    zip_code: '78701',
    ...answersOnPath(flow, path, answers),
    lead_id: '4a3b2f0e-7c1d-4e5f-8a9b-0c1d2e3f4a5b',
    variant: flow.id,
    language: 'en',
    tcpa: 'I agree.',
    landing_page: 'https://funnel.example',
    landing_page_url: landingUrlOf(flow),
    page_referer: '',
    time_on_steps: '',
    steps_path: path,
    sub_id: '1',
    sub_id2: '',
    sub_id3: '',
    sub_id4: '',
    click_id: '',
    affid: '1',
    oid: '81',
    ef_transaction_id: '',
    lp_key: '',
    lp_campaign_id: '',
    lp_supplier_id: '',
    gclid: '',
    fbclid: '',
  });
}

function replayContext(ctx: ReturnType<typeof context>): ReplayContext {
  return { today: ctx.today, place: ctx.place, stateLimits: ctx.stateLimits, tracking: ctx.tracking };
}

const posting = allFlows().filter(
  (f): f is FlowDefinition & { ending: { destination: LeadDestination } } => f.ending.destination !== 'none',
);

describe('every walk a visitor can make reads clean under its landing path', () => {
  for (const flow of posting) {
    it(`${flow.id}`, () => {
      fc.assert(
        fc.property(randomWalk(flow), ({ walk, ctx }) => {
          const submission = submissionOf(flow, walk.path, walk.state.answers);
          const reading = readSubmission(submission, flow.ending.destination, replayContext(ctx));
          expect(reading.problems, walk.path.join(' > ')).toEqual([]);
          expect(reading.variant).toBe(flow.id);
        }),
        { numRuns: 200, seed: 88 },
      );
    });
  }
});

describe('a tampered submission is caught', () => {
  const extended = flowById('extended');
  if (!extended) throw new Error('no extended flow');
  const walk = EXTENDED_INJURED_WALK;
  const answers: SurveyAnswers = {
    accident_type: 'car',
    case_worth_known: 'I Think So',
    injury_year: '2026',
    injury_month: '11',
    injury_day: '10',
    at_Fault: 'no',
    fault_cause: 'another_person',
    physical_injury: 'Yes',
    specific_injury: 'Whiplash',
    treatment_type: 'No Treatment',
    doctor_treatment: 'No',
    police_report: 'yes',
    with_Lawyer: 'no',
    lawyer_choice: 'need_lawyer',
    case_description: 'A truck ran the red light and hit my car',
    hit_and_run: 'no',
  };
  const ctx = replayContext(context(AUSTIN));
  const read = (path: readonly string[], given: SurveyAnswers, today = TODAY) =>
    readSubmission(submissionOf(extended, path, given), 'post-lead', { ...ctx, today }).problems;

  it('the stored lead keeps no answer off the walk, and every answer on it', () => {
    const willing = [...walk.slice(0, 6), 'WillingToTreat', ...walk.slice(6)];
    const offWalk: SurveyAnswers = { hit_and_run_identified: 'yes' };
    const submission = { ...submissionOf(extended, willing, { ...answers, willing_to_treat: 'yes' }), ...offWalk };
    const lead = buildLeadRecord(
      submission,
      {
        receivedAt: new Date(`${TODAY}T12:00:00Z`),
        place: AUSTIN,
        ipAddress: '203.0.113.7',
        userAgent: 'test',
        secGpc: false,
        isGibberish: null,
        suppressed: false,
        contactChecks: { phone: 'passed', phoneReason: '', email: 'passed', emailReason: '' },
        consentFor: () => ({ version: 'v-test', text: submission.tcpa }),
      },
      'post-lead',
    );
    expect(lead.submission_problems).toEqual([]);
    const stored: unknown = JSON.parse(JSON.stringify(lead));
    expect(stored).not.toHaveProperty('hit_and_run_identified');
    expect(stored).toMatchObject({ hit_and_run: 'no', willing_to_treat: 'yes', police_report: 'yes' });
  });

  it('12 days after the accident, no treatment asks WillingToTreat (§4): a walk without it does not replay', () => {
    const willing = [...walk.slice(0, 6), 'WillingToTreat', ...walk.slice(6)];
    expect(read(willing, { ...answers, willing_to_treat: 'yes' })).toEqual([]);
    expect(read(walk, answers)).toEqual(['branch_mismatch']);
  });

  it('replays a survey that spans midnight, or a phone a day ahead, but not two days off', () => {
    // 15 days after the accident WillingToTreat is no longer asked; 14 days it is.
    const willing = [...walk.slice(0, 6), 'WillingToTreat', ...walk.slice(6)];
    const day14 = { ...answers, injury_day: '08', willing_to_treat: 'yes' as const };
    expect(read(willing, day14, '2026-11-22')).toEqual([]);
    expect(read(willing, day14, '2026-11-23')).toEqual([]);
    expect(read(willing, day14, '2026-11-24')).toEqual(['branch_mismatch']);
  });

  it.each<[string, string, readonly string[], SurveyAnswers]>([
    ['a skipped step', 'invalid_walk', walk.filter((s) => s !== 'PoliceReportFiled'), answers],
    ['a repeated step', 'invalid_walk', [...walk.slice(0, 5), 'WasUserInjured', ...walk.slice(5)], answers],
    ['an unknown step', 'invalid_walk', [...walk.slice(0, 3), 'Nope', ...walk.slice(3)], answers],
    ['an answer missing', 'unanswered_step', walk, { ...answers, police_report: undefined }],
    ['an answer no option gives', 'unanswered_step', walk, { ...answers, lawyer_choice: 'have_lawyer' }],
  ])('%s → %s', (_case, problem, path, given) => {
    const submission = { ...submissionOf(extended, walk, given), steps_path: [...path] };
    expect(readSubmission(submission, 'post-lead', ctx).problems).toEqual([problem]);
  });

  it('a lead whose landing path is another variant is read as that variant', () => {
    const submission = { ...submissionOf(extended, walk, answers), landing_page_url: 'https://x.example/ticket' };
    const reading = readSubmission(submission, 'post-lead', ctx);
    expect(reading.variant).toBe('ticket');
    expect(reading.problems).toEqual(['wrong_destination', 'invalid_walk']);
  });
});
