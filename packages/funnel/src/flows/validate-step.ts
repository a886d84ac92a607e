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
  MESSAGES,
  PhoneSchema,
  ShortTextSchema,
  YesNoSchema,
  ZipCodeSchema,
} from '../lead/field-schemas';
import { incidentDateProblem } from '../lead/incident-date';
import { InjuryDaySchema, InjuryMonthSchema, InjuryYearSchema, type SurveyAnswers } from '../lead/survey-answers';
import type { FormScreenKind, StepDefinition } from './flow-definition';

const FORM_SCHEMAS = {
  'incident-date': z.object({
    injury_year: InjuryYearSchema,
    injury_month: InjuryMonthSchema.optional(),
    injury_day: InjuryDaySchema.optional(),
  }),
  description: z.object({ case_description: CaseDescriptionSchema, hit_and_run: YesNoSchema }),
  'name-email': z.object({ first_name: FirstNameSchema, last_name: LastNameSchema, email: EmailSchema }),
  'phone-zip': z.object({ phone: PhoneSchema, zip_code: ZipCodeSchema }),
  'all-pii': z.object({
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    zip_code: ZipCodeSchema,
  }),
  'date-of-birth': z.object({ date_of_birth: DateOfBirthSchema }),
  'law-firm': z.object({
    law_firm_name: ShortTextSchema.min(1, MESSAGES.lawFirm),
    attorney_name: ShortTextSchema.optional(),
  }),
} satisfies Record<FormScreenKind, z.ZodType<SurveyAnswers>>;

export type StepInput = Record<string, string | undefined>;

export type StepResult = { ok: true; answers: Partial<SurveyAnswers> } | { ok: false; errors: Record<string, string> };

function dropEmpty(input: StepInput): StepInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
}

export function validateStep(step: StepDefinition, input: StepInput, today: string): StepResult {
  const screen = step.screen;
  if (screen.kind === 'choice') {
    const option = screen.options.find((o) => o.id === input.option);
    return option ? { ok: true, answers: option.set } : { ok: false, errors: { option: 'Please choose an answer' } };
  }
  const parsed = FORM_SCHEMAS[screen.kind].safeParse(dropEmpty(input));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const answers: Partial<SurveyAnswers> = parsed.data;
  if (screen.kind === 'incident-date') {
    const problem = incidentDateProblem(answers, today);
    if (problem) return { ok: false, errors: { injury_month: problem } };
  }
  return { ok: true, answers };
}
