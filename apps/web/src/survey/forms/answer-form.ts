/**
 * A form step's answer, as the survey's session takes it (issue 10: the form side of a tap travels in the
 * forms chunk, not in the first one, which a choice's tap alone needs). `answerForm` is the tap's: the
 * §5 checks, the remote ones awaited (they started while the visitor typed), the consent step's extra
 * answers, and the text verdict the answers keep. `prepareForm` is the pause's: the domain's validation
 * and the engine's answer for the input typed so far, which the tap reuses when nothing changed since.
 */
import {
  answerStep,
  type AnswerOutcome,
  type FlowContext,
  type FlowDefinition,
  type FunnelRoute,
  type StepDefinition,
  type StepInput,
  type SurveyAnswers,
  type ZipPlace,
} from '@app/funnel';
import type { StepErrors } from '../screens/screen-props';
import type { SurveySession } from '../survey-session';
import { checkStep } from './check-step';
import { consentStep } from './consent/consent-step';
import type { RemoteChecks } from './remote-checks';
import { validateStepOnce } from './validate-step-once';
import { visitorToday } from '../../app/visitor-clock';

/**
 * The text check's verdict the answers keep: a new description voids the verdict on the old one (the
 * survey asks for the new one once the next step is painted).
 */
export function textVerdictFor(before: SurveySession, answers: Partial<SurveyAnswers>): SurveySession['textVerdict'] {
  const description = answers.case_description;
  return description !== undefined && description !== before.answers.case_description ? null : before.textVerdict;
}

export type AnsweredForm =
  | { ok: false; errors: StepErrors }
  | {
      ok: true;
      answers: Partial<SurveyAnswers>;
      place: ZipPlace | null;
      textVerdict: SurveySession['textVerdict'];
      consent: SurveySession['consent'];
      /** A description new to the session: its §5 text check is to be asked (never awaited). */
      newDescription: string | null;
    };

export interface FormTap {
  flow: FlowDefinition;
  route: FunnelRoute;
  step: StepDefinition;
  input: StepInput;
  /** The session when the tap came. */
  before: SurveySession;
  remote: RemoteChecks;
}

export async function answerForm({ flow, route, step, input, before, remote }: FormTap): Promise<AnsweredForm> {
  const result = await checkStep(step, input, visitorToday(), remote, flow.remotePhoneCheck);
  if (!result.ok) return result;
  const place = result.place !== undefined ? result.place : before.place;
  // Issue 13: a consent step adds the consent routine's answer or the visitor's choice of buyers.
  const consented = await consentStep(step, input, {
    route,
    answers: { ...before.answers, ...result.answers },
    place,
    tracking: before.tracking,
    consent: before.consent,
  });
  const answers = { ...result.answers, ...consented.answers };
  const description = answers.case_description;
  return {
    ok: true,
    answers,
    place,
    textVerdict: textVerdictFor(before, answers),
    consent: consented.consent ?? before.consent,
    newDescription: description !== undefined && description !== before.answers.case_description ? description : null,
  };
}

/** A form's outcome worked out ahead, and what it was worked out from. */
export interface PreparedForm {
  session: SurveySession;
  today: string;
  answers: string;
  /** The place it was worked out with: the session's, or the one the step's zip lookup brought. */
  place: ZipPlace | null;
  outcome: AnswerOutcome;
}

/**
 * The place the tap will answer with, as far as the pause can tell: the step's zip lookup's when it is in
 * (checkStep: found, its place; failed, none), else the session's. Undefined when the tap will refuse the
 * zip (unknown): nothing to work out.
 */
function placeAhead(
  base: SurveySession,
  answers: Partial<SurveyAnswers>,
  remote: Pick<RemoteChecks, 'zipKnown'> | null,
): ZipPlace | null | undefined {
  const zip = answers.zip_code;
  if (zip === undefined || remote === null) return base.place;
  const lookup = remote.zipKnown(zip);
  if (lookup === undefined) return base.place;
  if (lookup.kind === 'unknown') return undefined;
  return lookup.kind === 'found' ? lookup.place : null;
}

/**
 * The outcome of this input on the shown form step, or null while the input does not pass §5. Issue 33
 * (INP): with the place of the step's zip lookup when it is in, so the tap of a step holding a zip (the
 * last one, often) reuses it instead of deriving the lead in the tap.
 */
export function prepareForm(
  flow: FlowDefinition,
  base: SurveySession,
  step: StepDefinition,
  input: StepInput,
  contextOf: (session: SurveySession) => FlowContext,
  remote: Pick<RemoteChecks, 'zipKnown'> | null = null,
): PreparedForm | null {
  const today = visitorToday();
  const result = validateStepOnce(step, input, today);
  if (!result.ok) return null;
  const place = placeAhead(base, result.answers, remote);
  if (place === undefined) return null;
  const context = contextOf({ ...base, place, textVerdict: textVerdictFor(base, result.answers) });
  const outcome = answerStep(flow, { path: base.path, answers: base.answers }, result.answers, context);
  return { session: base, today, answers: JSON.stringify(result.answers), place, outcome };
}

/**
 * The prepared outcome, when the tap's checks ended with the answers and the place it was worked out from,
 * for the same session and day (a consent's answers, or a lookup that came in after, make the tap work it
 * out).
 */
export function preparedOutcome(
  prepared: PreparedForm | null,
  base: SurveySession,
  tapped: { answers: Partial<SurveyAnswers>; place: ZipPlace | null },
): AnswerOutcome | undefined {
  if (prepared?.session !== base || tapped.place !== prepared.place) return undefined;
  if (prepared.today !== visitorToday()) return undefined;
  return prepared.answers === JSON.stringify(tapped.answers) ? prepared.outcome : undefined;
}
