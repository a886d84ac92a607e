/**
 * Every branch of every branching step outside the extended flow (which has its own table), one row
 * each: the answers that matter, the step, and where it must go. Other steps get their first option
 * or a valid sample answer.
 */
import { describe, expect, it } from 'vitest';
import { EXTENDED_FLOW } from '../src/flows/extended-flow';
import { flowById } from '../src/flows/flow-registry';
import type { StepDefinition } from '../src/flows/flow-definition';
import type { StepInput } from '../src/flows/validate-step';
import type { ZipPlace } from '../src/lead/zip-place';
import { AUSTIN, CONTACT, context, walk } from './walk-flow';

const CALIFORNIA: ZipPlace = {
  zip: '90001',
  city: 'Los Angeles',
  state: 'CA',
  state_long: 'California',
  county: 'Los Angeles',
};

function defaultInput(step: StepDefinition): StepInput {
  const screen = step.screen;
  if (screen.kind === 'choice') return { option: screen.options[0]?.id };
  if (screen.kind === 'incident-date') return { injury_year: '2026', injury_month: '10', injury_day: '01' };
  if (screen.kind === 'zip') return { zip_code: '78701' };
  if (screen.kind === 'questions') {
    const sample: Record<string, string> = {
      injury_year: '2026',
      injury_month: '10',
      ...CONTACT.AllPii,
      address: '1 Main St',
      case_description: CONTACT.IncidentDescription?.case_description ?? '',
    };
    return Object.fromEntries(screen.questions.map((q) => [q.field, q.options?.[0] ?? sample[q.field] ?? '']));
  }
  if (screen.kind === 'description') return CONTACT.IncidentDescription ?? {};
  return { ...CONTACT.AllPii, ...CONTACT.DateOfBirth, ...CONTACT.LawFirmDetails };
}

const HIT_AND_RUN: StepInput = { case_description: 'The other car hit me and drove away fast', hit_and_run: 'yes' };

type Row = [variant: string, answers: Record<string, StepInput>, from: string, to: string, place?: ZipPlace];

const ROWS: Row[] = [
  ['variant-a', { WasUserInjured: { option: 'Whiplash' } }, 'WasUserInjured', 'TypeOfMedicalTreatment'],
  ['variant-a', { WasUserInjured: { option: 'not_injured' } }, 'WasUserInjured', 'PoliceReportFiled'],
  ['variant-b', { WasUserInjured: { option: 'Broken Bones' } }, 'WasUserInjured', 'TypeOfMedicalTreatment'],
  ['variant-b', { WasUserInjured: { option: 'not_injured' } }, 'WasUserInjured', 'PoliceReportFiled'],
  ['variant-c', { WasUserInjured: { option: 'Head Injury' } }, 'WasUserInjured', 'TypeOfMedicalTreatment'],
  ['variant-c', { WasUserInjured: { option: 'not_injured' } }, 'WasUserInjured', 'PoliceReportFiled'],
  ['social-drop', { WasUserInjured: { option: 'yes' } }, 'WasUserInjured', 'DidYouRequireMedicalTreatment'],
  ['social-drop', { WasUserInjured: { option: 'no' } }, 'WasUserInjured', 'AtFault'],
  [
    'medical',
    { DidYouRequireMedicalTreatment: { option: 'no' } },
    'DidYouRequireMedicalTreatment',
    'WillYouRequireMedicalTreatment',
  ],
  ['medical', { DidYouRequireMedicalTreatment: { option: 'yes' } }, 'DidYouRequireMedicalTreatment', 'AtFault'],
  ['dui', { AtFault: { option: 'me' } }, 'AtFault', 'PendingDUICharges'],
  ['dui', { AtFault: { option: 'another_person' } }, 'AtFault', 'WasUserInjured'],
  ['dui', { AtFault: { option: 'me' }, PendingDUICharges: { option: 'no' } }, 'PendingDUICharges', 'WasUserInjured'],
  [
    'dui',
    { AtFault: { option: 'me' }, PendingDUICharges: { option: 'yes' } },
    'PendingDUICharges',
    'TypeOfAlcoholTestPerformed',
  ],
  [
    'dui',
    {
      AtFault: { option: 'me' },
      PendingDUICharges: { option: 'yes' },
      TypeOfAlcoholTestPerformed: { option: 'no_test' },
    },
    'TypeOfAlcoholTestPerformed',
    'UserHasDUI',
  ],
  [
    'dui',
    {
      AtFault: { option: 'me' },
      PendingDUICharges: { option: 'yes' },
      TypeOfAlcoholTestPerformed: { option: 'blood' },
    },
    'TypeOfAlcoholTestPerformed',
    'BACMeasuredByTest',
  ],
  ['dui', { AtFault: { option: 'me' }, PendingDUICharges: { option: 'yes' } }, 'DUIIncidentDescription', 'PhoneAndZip'],
  ['vw3', { WasUserInjuredVW3: { option: 'yes' } }, 'WasUserInjuredVW3', 'TypeOfMedicalTreatmentVW3'],
  ['vw3', { WasUserInjuredVW3: { option: 'no' } }, 'WasUserInjuredVW3', 'PoliceReportFiledVW3'],
  ['v4nv-consent', {}, 'IncidentDescription', 'ZipCode'],
  ['v4nv-consent', { ZipCode: { zip_code: '90001' } }, 'NameAndEmail', 'DateOfBirth', CALIFORNIA],
  [
    'v4nv-consent',
    { ZipCode: { zip_code: '78701', '1_to_1_consent': 'yes' } },
    'NameAndEmail',
    'PhoneAndBuyersConsent',
  ],
  ['v4nv-consent', { ZipCode: { zip_code: '78701', '1_to_1_consent': 'no' } }, 'NameAndEmail', 'PhoneAbbreviatedTCPA'],
  [
    'v4nv-consent',
    { ZipCode: { zip_code: '90001', '1_to_1_consent': 'yes' } },
    'DateOfBirth',
    'PhoneAndBuyersConsent',
    CALIFORNIA,
  ],
  ['v4nv-consent', { ZipCode: { zip_code: '90001' } }, 'DateOfBirth', 'PhoneAbbreviatedTCPA', CALIFORNIA],
  [
    'v4nv-consent',
    { IncidentDescription: HIT_AND_RUN, HitAndRunIdentified: { option: 'yes' } },
    'HitAndRunIdentified',
    'ZipCode',
  ],
  [
    'v4nv-consent',
    { IncidentDescription: HIT_AND_RUN, HitAndRunIdentified: { option: 'no' } },
    'HitAndRunIdentified',
    'UninsuredMotoristCoverage',
  ],
  [
    'v4g',
    { IncidentDescription: HIT_AND_RUN, HitAndRunIdentified: { option: 'yes' } },
    'HitAndRunIdentified',
    'AllPii',
  ],
  [
    'v4g',
    { IncidentDescription: HIT_AND_RUN, HitAndRunIdentified: { option: 'no' } },
    'HitAndRunIdentified',
    'UninsuredMotoristCoverage',
  ],
  ['v4nv', {}, 'StartPath', 'WhenWasTheAccident'],
  ['v4g', {}, 'IncidentDescription', 'AllPii'],
  ['spanish', { HasLawyer: { option: 'have_lawyer' } }, 'HasLawyer', 'IncidentDescription'],
  ['v4nv-spanish', { HasLawyer: { option: 'have_lawyer' } }, 'HasLawyer', 'IncidentDescription'],
];

describe('branches of the other variants (§2, §4)', () => {
  it.each(ROWS)('%s %j: %s → %s', (variant, answers, from, to, place = AUSTIN) => {
    const flow = flowById(variant);
    if (!flow) throw new Error(variant);
    const result = walk(
      flow,
      (id) => answers[id] ?? defaultInput(flow.steps.find((s) => s.id === id) ?? fail(id)),
      context(place),
    );
    expect(result.done).toBe(true);
    const at = result.path.indexOf(from);
    expect(at, `${from} not on ${result.path.join(' > ')}`).toBeGreaterThanOrEqual(0);
    expect(result.path[at + 1] ?? 'submit').toBe(to);
  });

  it('covers every branching step of every variant but the extended flow', () => {
    const branching = new Set<string>();
    // Steps the extended flow shares with the same targets are covered by extended-flow.test.ts.
    const sameAsExtended = (step: StepDefinition) =>
      EXTENDED_FLOW.steps.some((e) => e.id === step.id && e.targets.join() === step.targets.join());
    const variants = [
      'variant-a',
      'variant-b',
      'variant-c',
      'social-drop',
      'medical',
      'dui',
      'vw3',
      'v4nv-consent',
      'v4g',
      'spanish',
    ];
    for (const flow of variants) {
      for (const step of flowById(flow)?.steps ?? []) {
        if (step.targets.length > 1 && !sameAsExtended(step)) branching.add(`${flow}/${step.id}`);
      }
    }
    const covered = new Set(ROWS.map(([variant, , from]) => `${variant}/${from}`));
    expect([...branching].filter((b) => !covered.has(b))).toEqual([]);
  });
});

function fail(id: string): never {
  throw new Error(`no step ${id}`);
}
