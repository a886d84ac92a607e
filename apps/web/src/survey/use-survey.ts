/**
 * The survey's state machine in React terms: it hands the visitor's input to the domain (validate,
 * answer, derive) and keeps the session. It decides nothing itself (architecture principle 1).
 */
import {
  ACCIDENT_AGE_LIMITS,
  answerStep,
  answersOnPath,
  buildThankYouUrl,
  currentStep,
  formatTimeOnSteps,
  goBack,
  isoDateOf,
  leadOf,
  MESSAGES,
  validateStep,
  type FlowContext,
  type FlowDefinition,
  type FunnelRoute,
  type StepDefinition,
  type StepInput,
  type SurveyAnswers,
} from '@app/funnel';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lookupZip } from './lookup-zip';
import { emailBlocked, phoneRefused, textVerdict } from './remote-checks';
import { postLead } from './post-lead';
import { preSubmitCheck } from './side-calls';
import { clearSession, loadSession, newSession, saveSession, type SurveySession } from './survey-session';

export type StepErrors = Record<string, string>;

/** What replaces the survey when a flow ends on the page (§4 "End of survey"). */
export type SurveyOutcome = { kind: 'end-screen'; screen: string; qualified: boolean } | { kind: 'disqualified-panel' };

/** Where each flow ending posts (issue 4 fixes /api/ingest as the default external ingest). */
const DESTINATION_URL = { 'post-lead': '/post-lead', ingest: '/api/ingest' } as const;

export interface SurveyControls {
  step: StepDefinition;
  answers: SurveyAnswers;
  progress: number;
  canGoBack: boolean;
  /** +1 after moving forward, -1 after going back: the transition's direction. */
  direction: 1 | -1;
  submitting: boolean;
  outcome: SurveyOutcome | null;
  submitStep: (input: StepInput) => Promise<StepErrors | null>;
  back: () => void;
}

function contextOf(session: SurveySession): FlowContext {
  return {
    today: isoDateOf(new Date()),
    place: session.place,
    stateLimits: ACCIDENT_AGE_LIMITS,
    tracking: session.tracking,
    textVerdict: session.textVerdict ?? undefined,
    // The word lists stay on the server, which decides bad_words and name_bad_word (issue 10).
    contentFilter: null,
  };
}

export function useSurvey(route: FunnelRoute, flow: FlowDefinition, consentText: string): SurveyControls {
  const [session, setSession] = useState<SurveySession>(
    () =>
      loadSession(route, flow, window.sessionStorage) ?? newSession(route, flow, window.location, document.referrer),
  );
  const [direction, setDirection] = useState<1 | -1>(1);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<SurveyOutcome | null>(null);
  // Set when each step is shown (the effect below runs on mount too).
  const enteredAt = useRef(0);

  const flowState = useMemo(() => ({ path: session.path, answers: session.answers }), [session.path, session.answers]);
  const step = currentStep(flow, flowState);

  useEffect(() => {
    saveSession(route, session, window.sessionStorage);
  }, [route, session]);

  useEffect(() => {
    enteredAt.current = performance.now();
  }, [step.id]);

  const submitLead = useCallback(
    async (finished: SurveySession) => {
      setSubmitting(true);
      const ctx = contextOf(finished);
      const answers = answersOnPath(flow, finished.path, finished.answers);
      const body = {
        ...answers,
        ...finished.tracking,
        lead_id: finished.leadId,
        variant: route.variant,
        language: route.language,
        tcpa: consentText,
        landing_page: window.location.origin,
        landing_page_url: finished.landingUrl,
        page_referer: finished.referrer,
        time_on_steps: formatTimeOnSteps(finished.stepTimes),
        steps_path: finished.path,
      };
      const { destination, after, endScreen, disqualifiedPanel } = flow.ending;
      const lead = leadOf(flow, finished.path, finished.answers, ctx);
      // §4: the pre-submit check, then the post with the bad-words report beside it; on once all settle.
      if (destination !== 'none') {
        await preSubmitCheck(body);
        await postLead(DESTINATION_URL[destination], body);
      }
      if (after === 'end-screen' || (disqualifiedPanel && lead.is_disqualified)) {
        clearSession(route, window.sessionStorage);
        setSubmitting(false);
        setOutcome(
          after === 'end-screen'
            ? { kind: 'end-screen', screen: endScreen ?? 'ThankYouStep', qualified: lead.lead_is_qualified === 'yes' }
            : { kind: 'disqualified-panel' },
        );
        return;
      }
      const url = buildThankYouUrl({
        page: route.thankYou,
        landingSearch: finished.landingSearch,
        language: route.language,
        contact: { email: lead.email ?? '', phone: lead.phone ?? '', zip_code: lead.zip_code ?? '' },
        tracking: finished.tracking,
        derived: lead,
      });
      clearSession(route, window.sessionStorage);
      window.location.assign(url);
    },
    [flow, route, consentText],
  );

  const submitStep = useCallback(
    async (input: StepInput): Promise<StepErrors | null> => {
      if (submitting) return null;
      const today = isoDateOf(new Date());
      const result = validateStep(step, input, today);
      if (!result.ok) return result.errors;

      const { email, phone, zip_code: zip, case_description: description } = result.answers;
      const [emailBad, phoneBad, zipFound, text] = await Promise.all([
        email === undefined ? false : emailBlocked(email),
        phone === undefined || !flow.remotePhoneCheck ? false : phoneRefused(phone, window.location.pathname),
        zip === undefined ? null : lookupZip(zip),
        description === undefined ? session.textVerdict : textVerdict(description),
      ]);
      const problems: StepErrors = {};
      if (emailBad) problems.email = MESSAGES.email;
      if (phoneBad) problems.phone = MESSAGES.phone;
      // §5: an unknown zip is an error; §8: a failed lookup lets the visitor on with no place.
      if (zipFound?.kind === 'unknown') problems.zip_code = MESSAGES.zip;
      if (Object.keys(problems).length > 0) return problems;
      const place = zipFound === null ? session.place : zipFound.kind === 'found' ? zipFound.place : null;

      const timed: SurveySession = {
        ...session,
        place,
        textVerdict: text,
        stepTimes: [...session.stepTimes, { step: step.id, ms: performance.now() - enteredAt.current }],
      };
      const outcome = answerStep(flow, flowState, result.answers, contextOf(timed));
      const next: SurveySession = { ...timed, path: [...outcome.state.path], answers: outcome.state.answers };
      setDirection(1);
      setSession(next);
      if (outcome.done) void submitLead(next);
      return null;
    },
    [flow, flowState, session, step, submitLead, submitting],
  );

  const back = useCallback(() => {
    const previous = goBack(flowState);
    setDirection(-1);
    setSession((s) => ({ ...s, path: [...previous.path] }));
  }, [flowState]);

  return {
    step,
    answers: session.answers,
    progress: submitting ? 100 : step.progress,
    canGoBack: session.path.length > 1 && !submitting,
    direction,
    submitting,
    outcome,
    submitStep,
    back,
  };
}
