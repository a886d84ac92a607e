import { describe, expect, it } from 'vitest';
import { EXTENDED_FLOW } from '../src/flows/extended-flow';
import { stepById } from '../src/flows/flow-engine';
import { validateStep } from '../src/flows/validate-step';
import { TODAY } from './walk-flow';

const step = (id: string) => stepById(EXTENDED_FLOW, id);

describe('step validation (§5 messages)', () => {
  it.each([
    [
      'NameAndEmail',
      {},
      {
        first_name: 'Please provide a first name',
        last_name: 'Please provide a last name',
        email: 'Please provide a valid email',
      },
    ],
    [
      'NameAndEmail',
      { first_name: ' ', last_name: 'Lopez', email: 'maria@' },
      { first_name: 'Please provide a first name', email: 'Please provide a valid email' },
    ],
    [
      'PhoneAndZip',
      { phone: '555-01', zip_code: '7870' },
      { phone: 'Please provide a valid phone number', zip_code: 'Please provide a valid zip number' },
    ],
    ['PhoneAndZip', { phone: '(012) 555-0100', zip_code: '78701' }, { phone: 'Please provide a valid phone number' }],
    [
      'IncidentDescription',
      { case_description: 'too short', hit_and_run: 'no' },
      { case_description: 'Please describe the incident in at least 20 characters' },
    ],
    [
      'WhenWasTheAccident',
      { injury_year: '2026', injury_month: '12' },
      { injury_month: 'The accident date cannot be in the future' },
    ],
    ['StartPath', { option: 'spaceship' }, { option: 'Please choose an answer' }],
  ])('%s %j → %j', (id, input, errors) => {
    expect(validateStep(step(id), input, TODAY)).toEqual({ ok: false, errors });
  });

  it.each([
    ['WhenWasTheAccident', { injury_year: 'Please select the year of the accident' }],
    ['IncidentDescription', { case_description: 'Please describe the incident in at least 20 characters' }],
    ['LawFirmDetails', { law_firm_name: 'Please provide the name of your law firm' }],
  ])('an empty %s names what is missing in words, never a raw type error', (id, errors) => {
    expect(validateStep(step(id), {}, TODAY)).toEqual({ ok: false, errors });
  });

  it('an unticked hit-and-run box reads as no', () => {
    expect(
      validateStep(step('IncidentDescription'), { case_description: 'A car hit me at the red light' }, TODAY),
    ).toEqual({
      ok: true,
      answers: { case_description: 'A car hit me at the red light', hit_and_run: 'no' },
    });
  });

  it.each([
    ['x'.repeat(19), false],
    ['x'.repeat(20), true],
    [`  ${'x'.repeat(19)}  `, false],
  ])('case description of %j: accepted %s (§5: at least 20 characters)', (text, ok) => {
    expect(validateStep(step('IncidentDescription'), { case_description: text, hit_and_run: 'no' }, TODAY).ok).toBe(ok);
  });

  it('normalises what it accepts: phone digits, trimmed names, lower-case email', () => {
    expect(validateStep(step('PhoneAndZip'), { phone: '+1 (512) 555-0100', zip_code: '78701' }, TODAY)).toEqual({
      ok: true,
      answers: { phone: '5125550100', zip_code: '78701' },
    });
    expect(
      validateStep(
        step('NameAndEmail'),
        { first_name: ' Maria ', last_name: 'Lopez', email: 'Maria@Example.COM ' },
        TODAY,
      ),
    ).toEqual({
      ok: true,
      answers: { first_name: 'Maria', last_name: 'Lopez', email: 'maria@example.com' },
    });
  });
});
