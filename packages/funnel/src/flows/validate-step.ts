/**
 * Validates what a visitor entered on one step, with the shared field schemas (§5 messages).
 * Returns the parsed answers to store, or a message per field to show.
 */
import { z } from 'zod';
import {
  CaseDescriptionSchema,
  DateOfBirthSchema,
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  LawFirmNameSchema,
  MESSAGES,
  PhoneSchema,
  ShortTextSchema,
  YesNoSchema,
  ZipCodeSchema,
} from '../lead/field-schemas';
import { incidentDateProblem } from '../lead/incident-date-problem';
import type { SurveyAnswers } from '../lead/survey-answers';
import {
  InjuryDaySchema,
  InjuryMonthSchema,
  InjuryYearSchema,
  SurveyAnswersSchema,
} from '../lead/survey-answers-schema';
import { dateOfBirthProblem } from '../lead/date-of-birth';
import { isQuestionAsked, type FormScreenKind, type Question, type StepDefinition } from './flow-definition';
import { validateChoice, type StepInput, type StepResult } from './validate-choice';

export type { StepInput, StepResult } from './validate-choice';

const FORM_SCHEMAS = {
  'incident-date': z.object({
    injury_year: InjuryYearSchema,
    injury_month: InjuryMonthSchema.optional(),
    injury_day: InjuryDaySchema.optional(),
  }),
  // An unticked hit-and-run box may arrive as nothing: that is a "no".
  description: z.object({ case_description: CaseDescriptionSchema, hit_and_run: YesNoSchema.default('no') }),
  'name-email': z.object({ first_name: FirstNameSchema, last_name: LastNameSchema, email: EmailSchema }),
  'phone-zip': z.object({ phone: PhoneSchema, zip_code: ZipCodeSchema }),
  zip: z.object({ zip_code: ZipCodeSchema, '1_to_1_consent': YesNoSchema.optional() }),
  phone: z.object({ phone: PhoneSchema }),
  'all-pii': z.object({
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    zip_code: ZipCodeSchema,
  }),
  'date-of-birth': z.object({ date_of_birth: DateOfBirthSchema }),
  'law-firm': z.object({
    law_firm_name: LawFirmNameSchema,
    attorney_name: ShortTextSchema.optional(),
  }),
} satisfies Record<FormScreenKind, z.ZodType<SurveyAnswers>>;

/** A description step that asks no hit-and-run question (flow-definition.ts). */
const DESCRIPTION_ONLY = z.object({ case_description: CaseDescriptionSchema });

/** The message for a required question left empty: §5's where it has one. */
const REQUIRED_MESSAGES: Record<string, string> = {
  first_name: MESSAGES.firstName,
  last_name: MESSAGES.lastName,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  zip_code: MESSAGES.zip,
  case_description: MESSAGES.caseDescription,
  injury_year: MESSAGES.accidentYear,
  injury_month: MESSAGES.accidentMonth,
  address: MESSAGES.address,
};

function firstIssues(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

function validateQuestions(questions: readonly Question[], input: StepInput): StepResult {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const q of questions) {
    // A question not asked (its condition unmet) is neither required nor recorded (issue 11).
    if (!isQuestionAsked(q, input)) continue;
    const value = input[q.field]?.trim() ?? '';
    if (value === '') {
      if (!q.optional) errors[q.field] = REQUIRED_MESSAGES[q.field] ?? MESSAGES.answerQuestion;
      continue;
    }
    if (q.options && !q.options.includes(value)) {
      errors[q.field] = MESSAGES.chooseAnswer;
      continue;
    }
    values[q.field] = value;
  }
  // Each answer is checked by its own field schema (one schema per input, shared with the server).
  const parsed = SurveyAnswersSchema.safeParse(values);
  if (!parsed.success) Object.assign(errors, firstIssues(parsed.error), errors);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, answers: parsed.data };
}

function dropEmpty(input: StepInput): StepInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
}

export function validateStep(step: StepDefinition, input: StepInput, today: string): StepResult {
  const screen = step.screen;
  if (screen.kind === 'choice') return validateChoice(screen, input);
  let answers: Partial<SurveyAnswers>;
  if (screen.kind === 'questions') {
    const result = validateQuestions(screen.questions, input);
    if (!result.ok) return result;
    answers = result.answers;
  } else if (screen.kind === 'description' && screen.hitAndRun === false) {
    const parsed = DESCRIPTION_ONLY.safeParse(dropEmpty(input));
    if (!parsed.success) return { ok: false, errors: firstIssues(parsed.error) };
    answers = parsed.data;
  } else {
    const parsed = FORM_SCHEMAS[screen.kind].safeParse(dropEmpty(input));
    if (!parsed.success) return { ok: false, errors: firstIssues(parsed.error) };
    answers = parsed.data;
  }
  if (screen.kind === 'incident-date' || answers.injury_year !== undefined) {
    const problem = incidentDateProblem(answers, today);
    if (problem) return { ok: false, errors: { injury_month: problem } };
  }
  if (answers.date_of_birth !== undefined) {
    const problem = dateOfBirthProblem(answers.date_of_birth, today);
    if (problem) return { ok: false, errors: { date_of_birth: problem } };
  }
  return { ok: true, answers };
}
