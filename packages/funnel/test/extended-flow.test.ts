import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTENDED_DEFAULTS, EXTENDED_FLOW, makeExtendedFlow } from '../src/flows/extended-flow';
import type { StepInput } from '../src/flows/validate-step';
import { AUSTIN, CONTACT, context, EXTENDED_INJURED_WALK, walk } from './walk-flow';

type Answers = Record<string, StepInput>;

/** A visitor who was hit by another driver last month, injured and treated, with no lawyer. */
const HAPPY: Answers = {
  StartPath: { option: 'car' },
  AutoAccidentCaseWorth: { option: 'i_think_so' },
  WhenWasTheAccident: { injury_year: '2026', injury_month: '10', injury_day: '05' },
  AtFault: { option: 'another_person' },
  WasUserInjured: { option: 'Whiplash' },
  DidYouReceiveMedicalTreatment: { option: 'Emergency Room' },
  PoliceReportFiled: { option: 'yes' },
  HasLawyer: { option: 'need_lawyer' },
  ...CONTACT,
};

function run(overrides: Answers, flow = EXTENDED_FLOW, place = AUSTIN) {
  const answers = { ...HAPPY, ...overrides };
  return walk(flow, (id) => answers[id] ?? { option: 'no' }, context(place));
}

describe('main extended flow (§4) branches', () => {
  it('walks the shortest injured path to submit', () => {
    expect(run({}).path).toEqual(EXTENDED_INJURED_WALK);
  });

  it.each<[string, Answers, string, string]>([
    [
      'not injured skips the medical step',
      { WasUserInjured: { option: 'not_injured' } },
      'WasUserInjured',
      'PoliceReportFiled',
    ],
    [
      'at fault, serious injury, ≤ 12 months → insurance',
      { AtFault: { option: 'me' } },
      'WasUserInjured',
      'ActiveInsurancePolicy',
    ],
    [
      'at fault, serious injury, 13 months → medical',
      { AtFault: { option: 'me' }, WhenWasTheAccident: { injury_year: '2025', injury_month: '10', injury_day: '01' } },
      'WasUserInjured',
      'DidYouReceiveMedicalTreatment',
    ],
    [
      'at fault, exactly 12 months → insurance',
      { AtFault: { option: 'me' }, WhenWasTheAccident: { injury_year: '2025', injury_month: '11', injury_day: '22' } },
      'WasUserInjured',
      'ActiveInsurancePolicy',
    ],
    [
      'at fault, minor injury → medical',
      { AtFault: { option: 'me' }, WasUserInjured: { option: 'Cuts and Bruises' } },
      'WasUserInjured',
      'DidYouReceiveMedicalTreatment',
    ],
    [
      'insurance yes → missed work',
      { AtFault: { option: 'me' }, ActiveInsurancePolicy: { option: 'yes' } },
      'ActiveInsurancePolicy',
      'MissedWork',
    ],
    [
      'insurance no → medical',
      { AtFault: { option: 'me' }, ActiveInsurancePolicy: { option: 'no' } },
      'ActiveInsurancePolicy',
      'DidYouReceiveMedicalTreatment',
    ],
    [
      'missed work yes → doctor',
      { AtFault: { option: 'me' }, ActiveInsurancePolicy: { option: 'yes' }, MissedWork: { option: 'yes' } },
      'MissedWork',
      'SpeakingWithADoctor',
    ],
    [
      'missed work no → medical',
      { AtFault: { option: 'me' }, ActiveInsurancePolicy: { option: 'yes' }, MissedWork: { option: 'no' } },
      'MissedWork',
      'DidYouReceiveMedicalTreatment',
    ],
    [
      'speaking with a doctor → medical',
      {
        AtFault: { option: 'me' },
        ActiveInsurancePolicy: { option: 'yes' },
        MissedWork: { option: 'yes' },
        SpeakingWithADoctor: { option: 'yes' },
      },
      'SpeakingWithADoctor',
      'DidYouReceiveMedicalTreatment',
    ],
    [
      'no treatment, 14 days → willing to treat',
      {
        WhenWasTheAccident: { injury_year: '2026', injury_month: '11', injury_day: '08' },
        DidYouReceiveMedicalTreatment: { option: 'No Treatment' },
      },
      'DidYouReceiveMedicalTreatment',
      'WillingToTreat',
    ],
    [
      'no treatment, 15 days → police report',
      {
        WhenWasTheAccident: { injury_year: '2026', injury_month: '11', injury_day: '07' },
        DidYouReceiveMedicalTreatment: { option: 'No Treatment' },
      },
      'DidYouReceiveMedicalTreatment',
      'PoliceReportFiled',
    ],
    [
      'willing to treat → police report',
      {
        WhenWasTheAccident: { injury_year: '2026', injury_month: '11', injury_day: '20' },
        DidYouReceiveMedicalTreatment: { option: 'No Treatment' },
        WillingToTreat: { option: 'yes' },
      },
      'WillingToTreat',
      'PoliceReportFiled',
    ],
    [
      'has lawyer, recent → confirmation',
      { HasLawyer: { option: 'have_lawyer' }, ConfirmationHasLawyer: { option: 'need_lawyer' } },
      'HasLawyer',
      'ConfirmationHasLawyer',
    ],
    [
      'wants a new lawyer → confirmation',
      { HasLawyer: { option: 'want_new_lawyer' }, ConfirmationHasLawyer: { option: 'need_lawyer' } },
      'HasLawyer',
      'ConfirmationHasLawyer',
    ],
    [
      'has lawyer, over 2 years → description',
      { HasLawyer: { option: 'have_lawyer' }, WhenWasTheAccident: { injury_year: '2023', injury_month: '01' } },
      'HasLawyer',
      'IncidentDescription',
    ],
    [
      'confirmation: no lawyer after all → description',
      { HasLawyer: { option: 'have_lawyer' }, ConfirmationHasLawyer: { option: 'need_lawyer' } },
      'ConfirmationHasLawyer',
      'IncidentDescription',
    ],
    [
      'confirmation: yes → funding',
      { HasLawyer: { option: 'have_lawyer' }, ConfirmationHasLawyer: { option: 'have_lawyer' } },
      'ConfirmationHasLawyer',
      'InterestedInFunding',
    ],
    [
      'funding no → description',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'no' },
      },
      'InterestedInFunding',
      'IncidentDescription',
    ],
    [
      'funding yes → amount',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'yes' },
        FundingAmount: { option: '2500_5000' },
      },
      'InterestedInFunding',
      'FundingAmount',
    ],
    [
      'amount → settled?',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'yes' },
        FundingAmount: { option: '2500_5000' },
      },
      'FundingAmount',
      'HasCaseBeenSettled',
    ],
    [
      'settled yes → description',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'yes' },
        FundingAmount: { option: '2500_5000' },
        HasCaseBeenSettled: { option: 'yes' },
      },
      'HasCaseBeenSettled',
      'IncidentDescription',
    ],
    [
      'settled no → prior funding',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'yes' },
        FundingAmount: { option: '2500_5000' },
        HasCaseBeenSettled: { option: 'no' },
      },
      'HasCaseBeenSettled',
      'HasReceivedFunding',
    ],
    [
      'prior funding yes → description',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'yes' },
        FundingAmount: { option: '2500_5000' },
        HasCaseBeenSettled: { option: 'no' },
        HasReceivedFunding: { option: 'yes' },
      },
      'HasReceivedFunding',
      'IncidentDescription',
    ],
    [
      'prior funding no → law firm → description',
      {
        HasLawyer: { option: 'have_lawyer' },
        ConfirmationHasLawyer: { option: 'have_lawyer' },
        InterestedInFunding: { option: 'yes' },
        FundingAmount: { option: '2500_5000' },
        HasCaseBeenSettled: { option: 'no' },
        HasReceivedFunding: { option: 'no' },
      },
      'LawFirmDetails',
      'IncidentDescription',
    ],
    [
      'hit and run → identified?',
      {
        IncidentDescription: { case_description: 'The other car drove away after hitting me', hit_and_run: 'yes' },
        HitAndRunIdentified: { option: 'yes' },
      },
      'IncidentDescription',
      'HitAndRunIdentified',
    ],
    [
      'identified → name and email',
      {
        IncidentDescription: { case_description: 'The other car drove away after hitting me', hit_and_run: 'yes' },
        HitAndRunIdentified: { option: 'yes' },
      },
      'HitAndRunIdentified',
      'NameAndEmail',
    ],
    [
      'not identified → UM coverage → name and email',
      {
        IncidentDescription: { case_description: 'The other car drove away after hitting me', hit_and_run: 'yes' },
        HitAndRunIdentified: { option: 'no' },
        UninsuredMotoristCoverage: { option: 'yes' },
      },
      'UninsuredMotoristCoverage',
      'NameAndEmail',
    ],
  ])('%s', (_name, overrides, from, to) => {
    const { path, done } = run(overrides);
    expect(done).toBe(true);
    expect(path[path.indexOf(from) + 1]).toBe(to);
  });

  it('surveyv4nv skips the case-worth question', () => {
    const flow = makeExtendedFlow({
      ...EXTENDED_DEFAULTS,
      id: 'v4nv',
      skipCaseWorth: true,
      skipLawyerFollowUps: false,
      combinedLastStep: false,
      dateOfBirthStates: [],
    });
    expect(run({}, flow).path.slice(0, 2)).toEqual(['StartPath', 'WhenWasTheAccident']);
  });

  it('the Spanish path skips the lawyer follow-ups', () => {
    const flow = makeExtendedFlow({
      ...EXTENDED_DEFAULTS,
      id: 'es',
      skipCaseWorth: false,
      skipLawyerFollowUps: true,
      combinedLastStep: false,
      dateOfBirthStates: [],
    });
    const { path } = run({ HasLawyer: { option: 'have_lawyer' } }, flow);
    expect(path[path.indexOf('HasLawyer') + 1]).toBe('IncidentDescription');
  });

  it('the combined-last-step flag ends on AllPii', () => {
    const flow = makeExtendedFlow({
      ...EXTENDED_DEFAULTS,
      id: 'pii',
      skipCaseWorth: false,
      skipLawyerFollowUps: false,
      combinedLastStep: true,
      dateOfBirthStates: [],
    });
    expect(run({}, flow).path.slice(-2)).toEqual(['IncidentDescription', 'AllPii']);
  });

  it('asks the date of birth when the state of the zip given before is listed', () => {
    const flow = makeExtendedFlow({
      ...EXTENDED_DEFAULTS,
      id: 'dob',
      buyersConsent: true,
      dateOfBirthStates: ['TX'],
    });
    const zipFirst = { ZipCode: { zip_code: '78701' }, PhoneAbbreviatedTCPA: { phone: '5125550100' } };
    expect(run(zipFirst, flow).path.slice(-4)).toEqual([
      'ZipCode',
      'NameAndEmail',
      'DateOfBirth',
      'PhoneAbbreviatedTCPA',
    ]);
    expect(run(zipFirst, flow, { ...AUSTIN, state: 'CA' }).path.slice(-3)).toEqual([
      'ZipCode',
      'NameAndEmail',
      'PhoneAbbreviatedTCPA',
    ]);
  });

  it('does not ask it when the zip comes after the name (the state is not known yet)', () => {
    const flow = makeExtendedFlow({ ...EXTENDED_DEFAULTS, id: 'dob-late', dateOfBirthStates: ['TX'] });
    expect(run({}, flow).path.slice(-2)).toEqual(['NameAndEmail', 'PhoneAndZip']);
  });
});

describe('main extended flow properties', () => {
  const choiceIndex = fc.array(fc.nat(20), { minLength: 30, maxLength: 30 });
  const accidentDay = fc.integer({ min: 0, max: 4000 });

  it('always ends at submit, never revisits a step, and progress never goes down', () => {
    fc.assert(
      fc.property(choiceIndex, accidentDay, fc.boolean(), (choices, daysAgo, hitAndRun) => {
        const date = new Date(Date.UTC(2026, 10, 22) - daysAgo * 86_400_000).toISOString().slice(0, 10);
        const [y, m, d] = date.split('-');
        let i = 0;
        const result = walk(
          EXTENDED_FLOW,
          (id) => {
            const step = EXTENDED_FLOW.steps.find((s) => s.id === id);
            if (id === 'WhenWasTheAccident')
              return Number(y) < 2015
                ? { injury_year: 'Earlier than 2015' }
                : { injury_year: y, injury_month: m, injury_day: d };
            if (id === 'IncidentDescription')
              return {
                case_description: 'A car hit me from behind at the light',
                hit_and_run: hitAndRun ? 'yes' : 'no',
              };
            if (step?.screen.kind === 'choice') {
              const options = step.screen.options;
              return { option: options[(choices[i++] ?? 0) % options.length]?.id };
            }
            return CONTACT[id] ?? {};
          },
          context(AUSTIN),
        );
        expect(result.done).toBe(true);
        expect(new Set(result.path).size).toBe(result.path.length);
        expect(result.path.length).toBeLessThanOrEqual(EXTENDED_FLOW.steps.length);
        for (let k = 1; k < result.progress.length; k++) {
          expect(result.progress[k]).toBeGreaterThanOrEqual(result.progress[k - 1] ?? 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lists the §2 "Extended variant" steps /survey can reach, in order', () => {
    expect(EXTENDED_FLOW.steps.map((s) => s.id)).toEqual([
      'StartPath',
      'AutoAccidentCaseWorth',
      'WhenWasTheAccident',
      'AtFault',
      'WasUserInjured',
      'ActiveInsurancePolicy',
      'MissedWork',
      'SpeakingWithADoctor',
      'DidYouReceiveMedicalTreatment',
      'WillingToTreat',
      'PoliceReportFiled',
      'HasLawyer',
      'ConfirmationHasLawyer',
      'InterestedInFunding',
      'FundingAmount',
      'HasCaseBeenSettled',
      'HasReceivedFunding',
      'LawFirmDetails',
      'IncidentDescription',
      'HitAndRunIdentified',
      'UninsuredMotoristCoverage',
      'NameAndEmail',
      'PhoneAndZip',
    ]);
  });
});
