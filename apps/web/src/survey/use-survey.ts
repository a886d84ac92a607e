/**
 * The survey's state machine in React terms: it hands the visitor's input to the domain (validate,
 * answer, derive) and keeps the session. It decides nothing itself (architecture principle 1).
 *
 * Issue 10: nothing here waits on the network unless it must. A one-tap choice answers with the first
 * chunk alone; a form step waits only for the remote checks still on their way (they start while the
 * visitor types); the description's text check never holds the visitor (the server recomputes the
 * verdict); and the forms chunk is loaded before a step that needs it is shown.
 */
import {
  answerStep,
  currentStep,
  type AnswerOutcome,
  goBack,
  SUBMIT,
  validateChoice,
  type FlowContext,
  type FlowDefinition,
  type FunnelRoute,
  type StepDefinition,
  type StepInput,
  type SurveyAnswers,
} from '@app/funnel';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterPaint } from '../app/after-paint';
import type { EarlyInputSource } from '../app/early-input';
import type { PreparedForm } from './forms/answer-form';
import type { ConsentSubject } from './forms/consent-subject';
import { catalogModule, formsModule } from '../app/lazy-modules';
import type { RemoteChecks } from './forms/remote-checks';
import type { SurveyForms } from './forms/survey-forms';
import type { CheckMoment, StepErrors } from './screens/screen-props';
import type { SurveyOutcome } from './survey-outcome';
import { flushStepEntry, markStepEntry, pushStepEntryAfterPaint, readStepEntry } from './step-history';
import { revealBuiltStep, revealSubmitOverlay, settleReveal, undoEarlyReveal } from './reveal-built-step';
import { clearSession, saveSession, type SurveySession } from './survey-session';
import type { StepLeftEvent } from './progress/use-progress-snapshots';
import { visitorToday } from '../app/visitor-clock';

export interface SurveyControls {
  step: StepDefinition;
  /** The steps shown so far, the current one last. */
  path: readonly string[];
  answers: SurveyAnswers;
  progress: number;
  canGoBack: boolean;
  /** +1 after moving forward, -1 after going back: the transition's direction. */
  direction: 1 | -1;
  /** How many times the visitor moved: 0 on the step the page opened on (no entry animation). */
  moves: number;
  submitting: boolean;
  outcome: SurveyOutcome | null;
  /** Issue 13: the one-to-one consent's buyers and choice, for the consent step's screen. */
  consentState: SurveySession['consent'];
  /** The submit of one step: it answers only while that step is the current one (no double answer). */
  answerStep: (stepId: string) => (input: StepInput) => Promise<StepErrors | null>;
  /** What one form step's input leads to, worked out ahead (screens/screen-props.ts). */
  prepareStep: (stepId: string) => (input: StepInput) => void;
  checkField: (field: string, value: string, moment: CheckMoment) => void;
  /** A questions step's answered count (screens/screen-props.ts). */
  reportAnswered: (answered: number, asked: number) => void;
  back: () => void;
}

export interface SurveySetup {
  route: FunnelRoute;
  flow: FlowDefinition;
  /** Whose consent the last step asks (the forms chunk renders its text). */
  consent: ConsentSubject;
  session: SurveySession;
  /**
   * An answer made before the page was live, to answer once (app/early-input.ts): the one made before the
   * first render (shown), taken when the page is committed (a tap made during the hydration included).
   */
  earlyInput: EarlyInputSource | null;
  /** Issue 13: told of each step left, once the next one is shown (progress snapshots, §7 save-data). */
  onStepLeft?: (event: StepLeftEvent) => void;
}

/**
 * The state-limit table (§5) matters only once the zip's state is known, which only a form step (the
 * forms chunk) can tell: it travels in that chunk, not in the first one.
 */
function stateLimitsFor(session: SurveySession) {
  if (session.place === null) return [];
  const forms = formsModule().loaded();
  if (!forms) throw new Error('A known place comes from the forms chunk, so it is loaded');
  return forms.ACCIDENT_AGE_LIMITS;
}

function contextOf(session: SurveySession): FlowContext {
  return {
    today: visitorToday(),
    place: session.place,
    stateLimits: stateLimitsFor(session),
    tracking: session.tracking,
    textVerdict: session.textVerdict ?? undefined,
    // The word lists stay on the server, which decides bad_words and name_bad_word (issue 10).
    wordLists: null,
    // §5 is_gibberish's local reading travels in the forms chunk (issue 33): a description is answered on a
    // form step only, so whenever the answers hold one, that chunk is loaded.
    gibberishReading: formsModule().loaded()?.looksLikeGibberish ?? null,
  };
}

/** When the visitor first saw the page's step: its first paint when the server rendered it. */
function firstSeenAt(): number {
  if (typeof performance === 'undefined') return 0;
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? paint.startTime : performance.now();
}

export function useSurvey({
  route,
  flow,
  consent,
  session: initial,
  earlyInput,
  onStepLeft,
}: SurveySetup): SurveyControls {
  const [session, setSession] = useState<SurveySession>(initial);
  const [direction, setDirection] = useState<1 | -1>(1);
  const [moves, setMoves] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<SurveyOutcome | null>(null);
  const [draft, setDraft] = useState<{ answered: number; asked: number } | null>(null);
  // Issue 33: the step the capture script showed for a tap made before the page was live. Until the survey
  // answers that tap (below), the page shows that step's progress: the hydration finds it in the HTML.
  const [revealedEarly, setRevealedEarly] = useState(() => earlyInput?.shown?.revealed ?? null);
  // The latest session, for answers that finish after an await (a text verdict may have come in).
  const latest = useRef(session);
  const enteredAt = useRef(0);
  const checks = useRef<RemoteChecks | null>(null);
  const submittingRef = useRef(false);

  const flowState = useMemo(() => ({ path: session.path, answers: session.answers }), [session.path, session.answers]);
  const step = currentStep(flow, flowState);

  const commit = useCallback((next: SurveySession) => {
    // A step revealed ahead of React is rendered first: React never commits over a reveal it has not seen.
    settleReveal();
    latest.current = next;
    setSession(next);
  }, []);

  useEffect(() => {
    // Saved once something is answered: a reload on the first step is a fresh, server-rendered visit.
    // Right after the new step is on screen, not before it (issue 10: the tap's answer shows first).
    if (session.stepTimes.length === 0) return;
    // afterPaint, not a timeout: a timeout set in the tap runs before the frame that shows the next step.
    return afterPaint(() => {
      if (!submittingRef.current) saveSession(route, session, window.sessionStorage);
    });
  }, [route, session]);

  useEffect(() => {
    // A reload (or a tab put away) right after a tap leaves before that paint: the session is saved as
    // the page goes, so the answer just given is never lost (a hidden tab paints no frame at all).
    const flush = () => {
      const now = latest.current;
      if (now.stepTimes.length > 0 && !submittingRef.current) saveSession(route, now, window.sessionStorage);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [route]);

  useEffect(() => {
    enteredAt.current = moves === 0 ? firstSeenAt() : performance.now();
  }, [step.id, moves]);

  // Issue 11: the browser's Back and Forward move between steps (step-history.ts). The step the page
  // opened on is this entry; each step reached by answering is a new one (in submitStep). A layout
  // effect, before the answer tapped ahead of hydration is replayed (below), which pushes the next entry.
  const leadId = session.leadId;
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    if (!readStepEntry(window.history.state, leadId)) {
      markStepEntry(window.history, leadId, latest.current.path);
    }
    const onPop = (event: PopStateEvent) => {
      settleReveal();
      const entry = readStepEntry(event.state, leadId);
      if (!entry || submittingRef.current) return;
      if (!entry.path.every((id) => flow.steps.some((s) => s.id === id))) return;
      const now = latest.current;
      setDirection(entry.path.length < now.path.length ? -1 : 1);
      setMoves((n) => n + 1);
      commit({ ...now, path: [...entry.path] });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [flow, commit, leadId]);

  // Issue 10: while the visitor reads a choice, what each answer leads to is worked out ahead, so a tap
  // only shows it. Kept for the session it was worked out from; any change (a verdict coming in) voids it.
  const ahead = useRef<{ session: SurveySession; outcomes: Map<string, AnswerOutcome> } | null>(null);
  // Issue 33 (INP): one option per idle moment (an answer derives the lead: ~15-25 ms at 4x CPU each), so
  // a tap waits behind one at most, never behind all (a page's first step: 66-74 ms of input delay).
  useEffect(() => {
    const screen = step.screen;
    if (screen.kind !== 'choice') return;
    const state = { path: session.path, answers: session.answers };
    // Filled as each option is worked out: a tap on an option not reached yet works it out itself.
    const outcomes = new Map<string, AnswerOutcome>();
    ahead.current = { session, outcomes };
    const work = (index: number) => {
      const option = screen.options[index];
      if (option) outcomes.set(option.id, answerStep(flow, state, option.set, contextOf(session)));
      if (index + 1 < screen.options.length) next(index + 1);
    };
    let cancel = () => {};
    const next = (index: number) => {
      if (!('requestIdleCallback' in window)) {
        const timer = setTimeout(() => work(index), index === 0 ? 50 : 0);
        cancel = () => clearTimeout(timer);
        return;
      }
      const idle = window.requestIdleCallback(() => work(index), { timeout: 500 });
      cancel = () => window.cancelIdleCallback(idle);
    };
    next(0);
    return () => cancel();
  }, [flow, session, step]);

  // Issue 10: a form's outcome too, for the input the visitor typed, worked out at idle while they pause
  // (the form asks: forms/use-step-form.ts). The tap reuses it when its checks end with the same answers
  // for the same session on the same day; the place a zip lookup brings, or a consent's answers, make the
  // tap work it out again. Either way the code and the description's reading are warm by then.
  // The form side of it travels in the forms chunk (forms/answer-form.ts).
  const formAhead = useRef<PreparedForm | null>(null);
  /** The remote checks, made once with the forms chunk (by the first pause on a form, not in its tap). */
  const remoteChecksOf = useCallback(
    (forms: SurveyForms): RemoteChecks =>
      (checks.current ??= forms.createRemoteChecks({
        landingPath: window.location.pathname,
        remotePhoneCheck: flow.remotePhoneCheck,
      })),
    [flow.remotePhoneCheck],
  );
  const prepareStep = useCallback(
    (stepId: string, input: StepInput) => {
      const base = latest.current;
      const shown = currentStep(flow, base);
      const forms = formsModule().loaded();
      if (!forms || submittingRef.current || shown.id !== stepId || shown.screen.kind === 'choice') return;
      const remote = remoteChecksOf(forms);
      formAhead.current = forms.prepareForm(flow, base, shown, input, contextOf, remote) ?? formAhead.current;
    },
    [flow, remoteChecksOf],
  );
  const prepareStepOf = useCallback(
    (stepId: string) => (input: StepInput) => prepareStep(stepId, input),
    [prepareStep],
  );

  const remoteChecks = useCallback(
    async (): Promise<RemoteChecks> => remoteChecksOf(await formsModule().load()),
    [remoteChecksOf],
  );

  const submitLead = useCallback(
    async (finished: SurveySession) => {
      // The overlay is shown by the tap that calls this (submitStep), in its own frame.
      submittingRef.current = true;
      // Issue 10: the overlay is painted before the post's requests start (starting them costs ~20 ms of
      // the tap's frame on the bench's phone; the post itself takes far longer than the one frame it waits).
      await new Promise<void>((resolve) => afterPaint(resolve));
      const forms = await formsModule().load();
      const result = await forms.submitLead({
        flow,
        route,
        session: finished,
        context: contextOf(finished),
        consent,
        origin: window.location.origin,
      });
      clearSession(route, window.sessionStorage);
      if (result.kind === 'redirect') {
        window.location.assign(result.url);
        return;
      }
      setSubmitting(false);
      setOutcome(result.outcome);
    },
    [flow, route, consent],
  );

  const submitStep = useCallback(
    async (stepId: string, input: StepInput, tappedAt?: number): Promise<StepErrors | null> => {
      const before = latest.current;
      const shown = currentStep(flow, before);
      if (submittingRef.current || shown.id !== stepId) return null;
      let answers: Partial<SurveyAnswers>;
      let place = before.place;
      let textVerdict = before.textVerdict;
      let consentState = before.consent;
      let prepared: AnswerOutcome | undefined;
      if (shown.screen.kind === 'choice') {
        const result = validateChoice(shown.screen, input);
        if (!result.ok) return result.errors;
        answers = result.answers;
      } else {
        const forms = await formsModule().load();
        const remote = await remoteChecks();
        const result = await forms.answerForm({ flow, route, step: shown, input, before, remote });
        if (!result.ok) return result.errors;
        ({ answers, place, textVerdict } = result);
        consentState = result.consent;
        const description = result.newDescription;
        if (description !== null) {
          // §5 is_gibberish: asked, never awaited; it only refines the browser's provisional verdict. Asked
          // once the next step is painted (issue 10: a request's start costs the tap's frame ~10 ms).
          afterPaint(
            () =>
              void remote.textVerdict(description).then((verdict) => {
                const now = latest.current;
                if (verdict !== null && now.answers.case_description === description && !submittingRef.current)
                  commit({ ...now, textVerdict: verdict });
              }),
          );
        }
        // What the answer leads to was worked out while the visitor paused, unless it changed since.
        prepared = forms.preparedOutcome(formAhead.current, latest.current, { answers, place });
      }
      const base = latest.current;
      if (currentStep(flow, base).id !== stepId) return null;
      const msOnStep = (tappedAt ?? performance.now()) - enteredAt.current;
      const timed: SurveySession = {
        ...base,
        place,
        textVerdict,
        ...(consentState ? { consent: consentState } : {}),
        stepTimes: [...base.stepTimes, { step: stepId, ms: msOnStep }],
      };
      // A choice's outcome was worked out while the visitor read (above), unless it changed since.
      if (shown.screen.kind === 'choice' && ahead.current?.session === base)
        prepared = ahead.current.outcomes.get(input.option ?? '');
      const outcome =
        prepared ?? answerStep(flow, { path: base.path, answers: base.answers }, answers, contextOf(timed));
      const next: SurveySession = { ...timed, path: [...outcome.state.path], answers: outcome.state.answers };
      // The submit needs the forms chunk; a form step does not wait for it (issue 10): its question shows
      // at once and its fields when the chunk lands (step-view.tsx), so a choice's tap stays one render.
      // The end screens speak from the whole catalog, which comes with the forms.
      if (outcome.done) await Promise.all([formsModule().load(), catalogModule(route.language).load()]);
      // Issue 13, §4 phone verification: on the routes that set it, the lead goes once the phone is checked.
      const phone = outcome.state.answers.phone;
      if (outcome.done && route.smsVerification === true && typeof phone === 'string') {
        const forms = await formsModule().load();
        if ((await forms.verifyPhone(phone)) === 'cancelled') return null;
      }
      if (currentStep(flow, latest.current).id !== stepId) return null;
      const nextId = next.path[next.path.length - 1];
      // Issue 10: a step built ahead, or the submit's overlay, is shown in the tap's frame and React renders
      // the move after it (reveal-built-step.ts); the session is the new one at once, for any answer or
      // Back that follows.
      const move = () => {
        setDirection(1);
        setMoves((n) => n + 1);
        setSession(latest.current);
        setRevealedEarly(null);
        if (outcome.done) setSubmitting(true);
      };
      const revealed = outcome.done
        ? revealSubmitOverlay(move)
        : nextId !== undefined && revealBuiltStep(stepId, nextId, move);
      if (revealed) {
        latest.current = next;
        // The step is on screen now; a tap on it before React renders times it from here.
        enteredAt.current = performance.now();
      } else {
        settleReveal();
        // Shown in this task, not a scheduled one: after a form's checks the tap is no longer React's event.
        flushSync(() => {
          setDirection(1);
          setMoves((n) => n + 1);
          setRevealedEarly(null);
          commit(next);
          // The last answer shows the overlay in the same frame.
          if (outcome.done) setSubmitting(true);
        });
      }
      onStepLeft?.({ session: next, stepId, msOnStep, done: outcome.done, effects: outcome.effects });
      if (outcome.done) void submitLead(next);
      else pushStepEntryAfterPaint(window.history, next.leadId, next.path);
      return null;
    },
    [flow, route, commit, remoteChecks, submitLead, onStepLeft],
  );

  const answerStepOf = useCallback((stepId: string) => (input: StepInput) => submitStep(stepId, input), [submitStep]);

  const checkField = useCallback(
    (field: string, value: string, moment: CheckMoment) => {
      void remoteChecks().then((remote) => remote.prime(field, value, moment));
    },
    [remoteChecks],
  );

  const back = useCallback(() => {
    settleReveal();
    flushStepEntry();
    const now = latest.current;
    // The page's Back is the browser's Back when the entry before is this survey's previous step.
    const entry = readStepEntry(window.history.state, now.leadId);
    if (entry && !entry.opened && entry.path.length === now.path.length) {
      window.history.back();
      return;
    }
    const previous = goBack(now);
    setDirection(-1);
    setMoves((n) => n + 1);
    commit({ ...now, path: [...previous.path] });
    markStepEntry(window.history, now.leadId, previous.path);
  }, [commit]);

  const reportAnswered = useCallback((answered: number, asked: number) => {
    setDraft((before) => (before?.answered === answered && before.asked === asked ? before : { answered, asked }));
  }, []);

  // Issue 11: where the whole survey is one questions step (/survey/v6), the bar shows what is answered,
  // not a fixed value (it read 50% while empty). Ask the flow: the first step is also the last.
  const wholeSurveyOnOnePage =
    step.screen.kind === 'questions' && step.targets.includes(SUBMIT) && session.path.length === 1;
  const stepProgress = wholeSurveyOnOnePage
    ? draft && draft.asked > 0
      ? Math.round((100 * draft.answered) / draft.asked)
      : 0
    : step.progress;
  const shownProgress =
    revealedEarly === null ? stepProgress : (flow.steps.find((s) => s.id === revealedEarly)?.progress ?? stepProgress);

  // An answer made before hydration is answered once, as soon as the page is live (issue 10), timed from
  // the tap. Issue 33: where the capture script showed its step already, the answer renders what is on
  // screen (reveal-built-step.ts), with the history entry and the progress snapshot a tap makes.
  // Issue 33: taken in the commit (the capture ends there), so a tap made while React hydrated is answered too.
  const replayed = useRef(false);
  useLayoutEffect(() => {
    if (replayed.current || !earlyInput) return;
    replayed.current = true;
    const taken = earlyInput.take();
    if (!taken) return;
    // Just after this commit (a microtask, still before the browser paints): not inside React's own work.
    queueMicrotask(() => {
      void submitStep(taken.step, taken.input, taken.at).then(() => {
        // Not answered as shown (the flow decided otherwise, or nothing): the page shows the survey's state.
        const current = latest.current.path.at(-1);
        if (taken.revealed !== undefined && current !== undefined && current !== taken.revealed) {
          undoEarlyReveal(taken.revealed, current);
          setRevealedEarly(null);
        }
      });
    });
  }, [earlyInput, submitStep]);

  return {
    step,
    path: session.path,
    answers: session.answers,
    progress: submitting ? 100 : shownProgress,
    canGoBack: session.path.length > 1 && !submitting,
    direction,
    moves,
    submitting,
    outcome,
    consentState: session.consent,
    answerStep: answerStepOf,
    prepareStep: prepareStepOf,
    checkField,
    reportAnswered,
    back,
  };
}
