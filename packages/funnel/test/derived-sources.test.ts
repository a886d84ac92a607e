/**
 * No flow's derivation sets a field from a question the visitor was never asked (issue 8): every derived
 * field that holds a value traces back to an answer given on the visitor's own walk. The one recorded
 * exception is a policy that forces treatment without asking the injury (§4 "the minimal variant forces
 * these at exactly 15 days"), which may set the treatment fields from the accident date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersOnPath, leadOf } from '../src/flows/flow-engine';
import { allFlows } from '../src/flows/flow-registry';
import type { FlowDefinition } from '../src/flows/flow-definition';
import type { DerivedFields } from '../src/lead/derive-lead';
import type { AnswerField } from '../src/lead/survey-answers';
import { randomWalk } from './random-walks';

const DATE: readonly AnswerField[] = ['injury_year'];
const RETAG_OR_OFFER: readonly AnswerField[] = ['specific_injury', 'prior_alcohol_related_offense'];

/** Each derived field, and the answers it may be derived from. */
const SOURCES: Partial<Record<keyof DerivedFields, readonly AnswerField[]>> = {
  incident_date: DATE,
  injury_day: DATE,
  days_from_incident_date: DATE,
  months_from_incident_date: DATE,
  accident_within_last_year: DATE,
  accident_date_button: DATE,
  at_Fault: ['at_Fault'],
  physical_injury: ['physical_injury'],
  doctor_treatment: ['doctor_treatment', 'physical_injury'],
  when_seek_medical_treatment: ['when_seek_medical_treatment', 'physical_injury'],
  when_seek_medical_treatment_date: ['physical_injury'],
  injury_rx_qualified: ['speaking_with_doctor'],
  lawyer_redirect_reason: ['lawyer_choice'],
  case_description: ['case_description'],
  bad_words: ['case_description'],
  enough_words: ['case_description'],
  is_gibberish: ['case_description'],
  name_gibberish: ['first_name', 'last_name'],
  name_bad_word: ['first_name', 'last_name'],
  city: ['zip_code'],
  state: ['zip_code'],
  state_long: ['zip_code'],
  county: ['zip_code'],
  original_oid: RETAG_OR_OFFER,
  original_affid: RETAG_OR_OFFER,
  oid: RETAG_OR_OFFER,
  affid: RETAG_OR_OFFER,
  lp_action: RETAG_OR_OFFER,
  case_type: RETAG_OR_OFFER,
  settlement_offers: RETAG_OR_OFFER,
  date_accident_occurred: RETAG_OR_OFFER,
  state_accident_occurred: RETAG_OR_OFFER,
};

/** §4's minimal-variant rule: treatment forced at day 15 from the date alone. */
const FORCED_WITHOUT_INJURY: Partial<Record<keyof DerivedFields, readonly AnswerField[]>> = {
  physical_injury: DATE,
  doctor_treatment: DATE,
  when_seek_medical_treatment: DATE,
  when_seek_medical_treatment_date: DATE,
};

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== '' && value !== 0;
}

function unexplained(flow: FlowDefinition, path: readonly string[], lead: Record<string, unknown>): string[] {
  const asked = new Set(Object.keys(answersOnPath(flow, path, lead)));
  const sourcesOf = (field: keyof DerivedFields) => [
    ...(SOURCES[field] ?? []),
    ...(flow.policy.forcedTreatment === 'exactly' ? (FORCED_WITHOUT_INJURY[field] ?? []) : []),
  ];
  const fields = Object.keys(SOURCES).filter((f): f is keyof DerivedFields => f in SOURCES);
  return fields.filter((field) => hasValue(lead[field]) && !sourcesOf(field).some((source) => asked.has(source)));
}

describe('every derived value comes from a question the visitor answered', () => {
  for (const flow of allFlows()) {
    it(`${flow.id}`, () => {
      fc.assert(
        fc.property(randomWalk(flow), ({ walk, ctx }) => {
          const lead = leadOf(flow, walk.path, walk.state.answers, ctx);
          expect(unexplained(flow, walk.path, lead), walk.path.join(' > ')).toEqual([]);
        }),
        { numRuns: 300, seed: 8 },
      );
    });
  }

  it('would catch an injury invented for a visitor who was never asked (the check is not empty)', () => {
    const short = allFlows().find((f) => f.id === 'short');
    if (!short) throw new Error('no short flow');
    const path = short.steps.map((s) => s.id);
    expect(unexplained(short, path, { physical_injury: 'Yes', injury_year: '2026' })).toEqual(['physical_injury']);
  });
});
