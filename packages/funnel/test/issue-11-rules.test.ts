/**
 * Issue 11's rules in the domain: months and days still to come are not offered, the date of birth's
 * 16–110 limits, questions asked only when their condition holds, descriptions without the hit-and-run
 * question, the thank-you query without its personal fields, messages by code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYears } from '../src/lead/dates';
import { ageOn, dateOfBirthProblem, dateOfBirthRange } from '../src/lead/date-of-birth';
import { dayOptions, monthOptions, yearOptions } from '../src/lead/incident-date-options';
import { incidentDateProblem } from '../src/lead/incident-date-problem';
import { MESSAGES, messageCodeOf } from '../src/lead/messages';
import { flowById } from '../src/flows/flow-registry';
import { stepById } from '../src/flows/flow-engine';
import { isQuestionAsked } from '../src/flows/flow-definition';
import { screenFields } from '../src/flows/screen-fields';
import { validateStep } from '../src/flows/validate-step';
import { withoutPersonalFields } from '../src/tracking/thank-you-url';

const TODAY = '2026-11-23';

function flow(id: string) {
  const found = flowById(id);
  if (!found) throw new Error(`no flow ${id}`);
  return found;
}

const isoDay = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2040, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('months and days offered (issue 11: a future month is not offered)', () => {
  it.each([
    ['2026', 11],
    ['2025', 12],
    ['2015', 12],
    [undefined, 12],
    ['Earlier than 2015', 12],
  ])('year %s offers %i months', (year, count) => {
    expect(monthOptions(year, TODAY)).toHaveLength(count);
  });

  it.each([
    ['2026', '11', 23],
    ['2026', '10', 31],
    ['2024', '02', 29],
    ['2025', '02', 28],
    ['2025', '04', 30],
    [undefined, undefined, 31],
  ])('%s-%s offers %i days', (year, month, count) => {
    expect(dayOptions(year, month, TODAY)).toHaveLength(count);
  });

  it('never offers a date the step would refuse as in the future, and offers every past one', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (today, date) => {
        const [year, month, day] = date.split('-');
        const offered =
          yearOptions(today).includes(year ?? '') &&
          monthOptions(year, today).includes(month ?? '') &&
          dayOptions(year, month, today).includes(day ?? '');
        const refused =
          incidentDateProblem({ injury_year: year, injury_month: month, injury_day: day }, today) !== null;
        const listedYear = Number(year) >= 2015 && Number(year) <= Number(today.slice(0, 4));
        return offered === (listedYear && !refused);
      }),
    );
  });
});

describe('date of birth (issue 11: 16 to 110 years old)', () => {
  it.each([
    ['2010-11-23', 16, null],
    ['2010-11-24', 15, MESSAGES.dateOfBirthAge],
    ['2015-06-01', 11, MESSAGES.dateOfBirthAge],
    ['1916-11-23', 110, null],
    ['1915-11-23', 111, MESSAGES.dateOfBirthAge],
    ['1980-02-29', 46, null],
  ])('%s is %i years old on the day', (birth, age, problem) => {
    expect(ageOn(birth, TODAY)).toBe(age);
    expect(dateOfBirthProblem(birth, TODAY)).toBe(problem);
  });

  it('accepts exactly the dates inside the picker range', () => {
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: -400, max: 400 }),
        (today, years, shift) => {
          const birth = addYears(today, -years).slice(0, 8) + String(1 + (Math.abs(shift) % 28)).padStart(2, '0');
          const { min, max } = dateOfBirthRange(today);
          const inside = birth > min && birth <= max;
          return (dateOfBirthProblem(birth, today) === null) === inside;
        },
      ),
    );
  });

  it('the step refuses an 11-year-old with the message, and takes a 40-year-old', () => {
    const step = stepById(flow('v4nv-consent'), 'DateOfBirth');
    expect(validateStep(step, { date_of_birth: '2015-03-02' }, TODAY)).toEqual({
      ok: false,
      errors: { date_of_birth: MESSAGES.dateOfBirthAge },
    });
    expect(validateStep(step, { date_of_birth: '1986-03-02' }, TODAY)).toMatchObject({ ok: true });
  });
});

describe('the /form treatment question (issue 11: asked only when treated)', () => {
  const step = stepById(flow('multi-step-form'), 'FormSecondQuestions');
  const base = {
    injury_year: '2026',
    injury_month: '10',
    case_description: 'A car backed into me in the parking lot',
  };

  it('is not required, nor recorded, after "Did you see a doctor? No"', () => {
    const result = validateStep(step, { ...base, doctor_treatment: 'No', when_seek_medical_treatment: 'later' }, TODAY);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.answers).not.toHaveProperty('when_seek_medical_treatment');
  });

  it('is required after "Yes"', () => {
    expect(validateStep(step, { ...base, doctor_treatment: 'Yes' }, TODAY)).toEqual({
      ok: false,
      errors: { when_seek_medical_treatment: MESSAGES.answerQuestion },
    });
    expect(
      validateStep(step, { ...base, doctor_treatment: 'Yes', when_seek_medical_treatment: 'later' }, TODAY),
    ).toMatchObject({ ok: true, answers: { when_seek_medical_treatment: 'later' } });
  });

  it('one predicate says whether it is asked', () => {
    const question = step.screen.kind === 'questions' ? step.screen.questions.find((q) => q.askedWhen) : undefined;
    expect(question?.field).toBe('when_seek_medical_treatment');
    if (!question) return;
    expect(isQuestionAsked(question, { doctor_treatment: 'Yes' })).toBe(true);
    expect(isQuestionAsked(question, { doctor_treatment: 'No' })).toBe(false);
    expect(isQuestionAsked(question, {})).toBe(false);
  });
});

describe('descriptions without another driver (issue 11)', () => {
  it.each([
    ['ticket', 'IncidentDescription'],
    ['dui', 'DUIIncidentDescription'],
  ])('%s/%s asks no hit-and-run question and records none', (flowId, stepId) => {
    const step = stepById(flow(flowId), stepId);
    expect(screenFields(step.screen)).toEqual(['case_description']);
    const result = validateStep(step, { case_description: 'Stopped for speeding near the school zone' }, TODAY);
    expect(result).toEqual({ ok: true, answers: { case_description: 'Stopped for speeding near the school zone' } });
  });

  it('the accident flows still ask it', () => {
    const step = stepById(flow('dui'), 'IncidentDescription');
    expect(screenFields(step.screen)).toEqual(['case_description', 'hit_and_run']);
  });

  it('the ticket flow is about a traffic ticket, the others about an accident', () => {
    expect(flow('ticket').topic).toBe('traffic-ticket');
    expect(flow('dui').topic).toBe('accident');
    expect(flow('extended').topic).toBe('accident');
  });
});

describe('the thank-you query without its personal fields (issue 11)', () => {
  it.each([
    [
      '?email=a%40b.co&city=Austin&state=TX&zip_code=78701&phone=5125550100&state_long=Texas&affid=1&q=y',
      '?affid=1&q=y',
    ],
    ['??email=a%40b.co&phone=5125550100&q=n&lang=es', '??q=n&lang=es'],
    ['?email=a%40b.co', ''],
    ['?affid=1&sub_id=2', '?affid=1&sub_id=2'],
    ['', ''],
  ])('%s → %s', (search, kept) => {
    expect(withoutPersonalFields(search)).toBe(kept);
  });
});

describe('messages by code (issue 11)', () => {
  it('every message has its own code', () => {
    for (const [code, message] of Object.entries(MESSAGES)) expect(messageCodeOf(message)).toBe(code);
    expect(new Set(Object.values(MESSAGES)).size).toBe(Object.keys(MESSAGES).length);
    expect(messageCodeOf('Something else')).toBeNull();
  });
});
