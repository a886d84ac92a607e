/**
 * Issue 10: the tap takes the validation the visitor's pause worked out for the same input, step and day
 * (survey/forms/validate-step-once.ts). It must give exactly the domain's result, whatever came before.
 */
import { EXTENDED_FLOW, validateStep, type StepDefinition, type StepInput } from '@app/funnel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateStepOnce } from '../src/survey/forms/validate-step-once';

function stepOf(id: string): StepDefinition {
  const step = EXTENDED_FLOW.steps.find((s) => s.id === id);
  if (!step) throw new Error(`the extended flow has no step ${id}`);
  return step;
}

const STEPS = ['WhenWasTheAccident', 'IncidentDescription', 'NameAndEmail', 'PhoneAndZip'].map(stepOf);
const DAYS = ['2026-11-27', '2026-12-01', '2027-01-01'];

const field = fc.oneof(
  fc.constantFrom(
    '',
    'Maria',
    'maria@example.com',
    'maria@',
    '(512) 555-0100',
    '512555',
    '78701',
    '7870',
    '2026',
    '11',
  ),
  fc.string({ maxLength: 12 }),
);
const input: fc.Arbitrary<StepInput> = fc.record(
  {
    first_name: field,
    last_name: field,
    email: field,
    phone: field,
    zip_code: field,
    injury_year: field,
    injury_month: field,
    case_description: field,
  },
  { requiredKeys: [] },
);

describe('validateStepOnce', () => {
  it('gives the domain’s result for any run of steps, inputs and days (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...STEPS), input, fc.constantFrom(...DAYS)), { minLength: 1, maxLength: 12 }),
        (calls) => {
          for (const [step, typed, today] of calls) {
            expect(validateStepOnce(step, typed, today)).toEqual(validateStep(step, typed, today));
          }
        },
      ),
    );
  });

  const typed = { first_name: 'Maria', last_name: 'Lopez', email: 'maria@example.com' };
  const nameAndEmail = stepOf('NameAndEmail');
  it.each([
    ['the same input, step and day: the result worked out before', typed, nameAndEmail, DAYS[0], true],
    ['an equal input typed again (a new object)', { ...typed }, nameAndEmail, DAYS[0], true],
    ['another input', { ...typed, email: 'maria@' }, nameAndEmail, DAYS[0], false],
    ['another day', typed, nameAndEmail, DAYS[1], false],
    ['another step', typed, stepOf('PhoneAndZip'), DAYS[0], false],
  ])('%s', (_case, next, step, today, same) => {
    const first = validateStepOnce(nameAndEmail, typed, DAYS[0] ?? '');
    const second = validateStepOnce(step, next, today ?? '');
    expect(second === first).toBe(same);
    expect(second).toEqual(validateStep(step, next, today ?? ''));
  });
});
