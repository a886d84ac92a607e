/**
 * A form step's answers: the domain's validation (§5 schemas and messages), then the remote checks of
 * the fields it holds (email, phone, zip), most of them already answered because they started while the
 * visitor typed (remote-checks.ts). §5: a blocked email, a refused phone or an unknown zip is an error;
 * §8: a check that fails lets the visitor on, and a failed zip lookup leaves the place unknown.
 */
import { MESSAGES, type StepDefinition, type StepInput, type SurveyAnswers, type ZipPlace } from '@app/funnel';
import type { StepErrors } from '../screens/screen-props';
import type { RemoteChecks } from './remote-checks';
import { validateStepOnce } from './validate-step-once';

export type CheckedStep =
  | { ok: false; errors: StepErrors }
  /** `place` is the zip lookup's answer when the step holds a zip (null: unknown to a failed lookup). */
  | { ok: true; answers: Partial<SurveyAnswers>; place?: ZipPlace | null };

export async function checkStep(
  step: StepDefinition,
  input: StepInput,
  today: string,
  checks: RemoteChecks,
  remotePhoneCheck: boolean,
): Promise<CheckedStep> {
  const result = validateStepOnce(step, input, today);
  if (!result.ok) return result;
  const { email, phone, zip_code: zip } = result.answers;
  const [emailBad, phoneBad, zipFound] = await Promise.all([
    email === undefined ? false : checks.emailBlocked(email),
    phone === undefined || !remotePhoneCheck ? false : checks.phoneRefused(phone),
    zip === undefined ? null : checks.zip(zip),
  ]);
  const errors: StepErrors = {};
  if (emailBad) errors.email = MESSAGES.email;
  if (phoneBad) errors.phone = MESSAGES.phone;
  if (zipFound?.kind === 'unknown') errors.zip_code = MESSAGES.zip;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (zipFound === null) return { ok: true, answers: result.answers };
  return { ok: true, answers: result.answers, place: zipFound.kind === 'found' ? zipFound.place : null };
}
