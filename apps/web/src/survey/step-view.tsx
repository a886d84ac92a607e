/**
 * Shows the current step's screen. A one-tap choice is part of the first chunk; the form screens come
 * from the forms chunk (forms/survey-forms.ts) with the language's whole catalog, fetched while the
 * visitor reads the step before; a form step reached earlier shows its question at once and its fields
 * when they land (issue 10). The step texts are the page's words (i18n/survey-words.ts). The first step
 * shown is the server's HTML: it has no entry animation; later steps slide in.
 *
 * Issue 10 "every step transition at most 85 ms": the steps the current one may lead to (ask the flow:
 * its declared targets) are rendered ahead, kept, in a deferred render after the current step's (so the
 * visitor's step never waits for them); the step before stays rendered, kept, for Back. A kept pane is laid
 * out but not shown (`step--kept`: no height, nothing painted; inert and aria-hidden), so a tap reveals a
 * step whose styles and layout are already done instead of building it, and the step left is kept, not
 * torn down in the tap's frame (ADR 0012, seventh and eleventh passes).
 */
import { screenFields, SUBMIT, type FlowDefinition, type StepDefinition, type SurveyAnswers } from '@app/funnel';
import { memo, useDeferredValue, useEffect, useRef, type RefObject } from 'react';
import { formsModule } from '../app/lazy-modules';
import type { Catalog, StepText } from '../i18n/catalog';
import { stepWords, type SurveyWords } from '../i18n/survey-words';
import { ChoiceScreen } from './screens/choice-screen';
import type { ScreenProps } from './screens/screen-props';
import type { ConsentSubject } from './forms/consent-subject';
import type { SurveyControls } from './use-survey';
import { useKeptUntilPainted } from './use-kept-until-painted';
import { FORWARD_MOTION, KEPT } from './pane-classes';
import { PaneShown } from './pane-shown';

function Screen({
  step,
  catalog,
  props,
  consent,
  consentState,
}: {
  step: StepDefinition;
  /** The language's whole catalog, which comes with the form screens (null until both are in). */
  catalog: Catalog | null;
  props: Omit<ScreenProps, 'catalog'>;
  consent: ConsentSubject;
  consentState: SurveyControls['consentState'];
}) {
  const screen = step.screen;
  if (screen.kind === 'choice') return <ChoiceScreen {...props} options={screen.options} />;
  const forms = catalog ? formsModule().loaded() : undefined;
  // Issue 10: a tap never waits for code. A form step reached before its chunk is in shows its question at
  // once (the pane's title and hint) and its fields in the same place the moment the chunk lands.
  if (!forms || !catalog) return <div className="step__pending" aria-busy="true" data-testid="step-pending" />;
  const screenProps = { ...props, catalog };
  // Issue 13: ask the flow — the step where the visitor chooses the buyers to consent to.
  if (step.consent === 'choose-buyers')
    return <forms.BuyersConsentScreen {...screenProps} consent={consent} state={consentState} />;
  switch (screen.kind) {
    case 'incident-date':
      return <forms.IncidentDateScreen {...screenProps} />;
    case 'description':
      return <forms.DescriptionScreen {...screenProps} />;
    case 'questions':
      return <forms.QuestionsScreen {...screenProps} questions={screen.questions} consent={consent} />;
    default:
      return <forms.FieldsScreen {...screenProps} kind={screen.kind} consent={consent} />;
  }
}

interface StepBodyProps {
  step: StepDefinition;
  text: StepText;
  heading: RefObject<HTMLHeadingElement | null>;
  catalog: Catalog | null;
  consent: ConsentSubject;
  consentState: SurveyControls['consentState'];
  answers: SurveyAnswers;
  answerStep: SurveyControls['answerStep'];
  prepareStep: SurveyControls['prepareStep'];
  checkField: SurveyControls['checkField'];
  reportAnswered: SurveyControls['reportAnswered'];
  today: string;
}

/**
 * Whether a step's body would render the same: every prop the same, and of the answers those the step
 * shows, its own fields (a choice marks its chosen option; a form starts its inputs from them and reads no
 * other answer). Issue 10: a form step built ahead is not built again in the tap that reveals it because
 * the step before added an answer of its own.
 */
function sameBody(before: StepBodyProps, after: StepBodyProps): boolean {
  const answersSame =
    before.answers === after.answers ||
    screenFields(after.step.screen).every((field) => before.answers[field] === after.answers[field]);
  return (
    answersSame &&
    before.step === after.step &&
    before.text === after.text &&
    before.heading === after.heading &&
    before.catalog === after.catalog &&
    before.consent === after.consent &&
    before.consentState === after.consentState &&
    before.answerStep === after.answerStep &&
    before.prepareStep === after.prepareStep &&
    before.checkField === after.checkField &&
    before.reportAnswered === after.reportAnswered &&
    before.today === after.today
  );
}

/**
 * A step's question and screen. Issue 10: built ahead while hidden, it is not rendered again when the tap
 * only reveals it (the pane around it changes, not its body), so the tap's frame shows what was built.
 */
const StepBody = memo(function StepBody({
  step,
  text,
  heading,
  catalog,
  consent,
  consentState,
  answers,
  answerStep,
  prepareStep,
  checkField,
  reportAnswered,
  today,
}: StepBodyProps) {
  return (
    <>
      <h1 className="step__title" ref={heading} tabIndex={-1}>
        {text.title}
      </h1>
      {text.hint && <p className="step__hint">{text.hint}</p>}
      <Screen
        step={step}
        catalog={catalog}
        consent={consent}
        consentState={consentState}
        props={{
          step,
          text,
          answers,
          today,
          submitStep: answerStep(step.id),
          prepareStep: prepareStep(step.id),
          checkField,
          reportAnswered,
        }}
      />
    </>
  );
}, sameBody);

interface StepPaneProps {
  step: StepDefinition;
  current: boolean;
  /** The entry animation's class when this step was just reached ('' on the first step shown). */
  motion: string;
  survey: SurveyControls;
  /** The page's words (the step texts of its flow, for its case: issue 11). */
  words: SurveyWords;
  /** The whole catalog, once it came with the form screens (a form step shows its fields only then). */
  catalog: Catalog | null;
  consent: ConsentSubject;
  today: string;
}

/** One step's screen: visible when it is the current step, else rendered ahead (or kept) hidden. */
const StepPane = memo(function StepPane({
  step,
  current,
  motion,
  survey,
  words,
  catalog,
  consent,
  today,
}: StepPaneProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const reached = survey.moves > 0;

  useEffect(() => {
    // The shown pane only (a kept pane runs its effects too). §2: each step change scrolls
    // smoothly to the top; focus follows for screen-reader users. Both once the new step is painted, so
    // the tap's answer shows first (issue 10). The step the page opened on keeps the page as it is.
    if (!current || !reached) return;
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
        heading.current?.focus({ preventScroll: true });
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [current, reached]);

  return (
    <section
      className={`step${current ? motion : ` ${KEPT}`}`}
      data-step={step.id}
      inert={!current}
      aria-hidden={current ? undefined : true}
    >
      <PaneShown value={current}>
        <StepBody
          step={step}
          text={stepWords(words, step.id)}
          heading={heading}
          catalog={catalog}
          consent={consent}
          consentState={survey.consentState}
          answers={survey.answers}
          answerStep={survey.answerStep}
          prepareStep={survey.prepareStep}
          checkField={survey.checkField}
          reportAnswered={survey.reportAnswered}
          today={today}
        />
      </PaneShown>
      {/* In the panes ahead too (kept): a step revealed in the tap's frame shows its Back at once. */}
      {(current ? survey.canGoBack : step.id !== survey.path[0]) && (
        <button type="button" className="link-button" onClick={survey.back}>
          ← {words.ui.back}
        </button>
      )}
    </section>
  );
});

/**
 * The steps kept rendered: the one before (for Back), the current one, and every step it may lead to. A
 * form step ahead before the forms chunk is in only after a choice, whose tap never waits for code: it shows
 * its question at once and its fields when they land (issue 33: so the first step's tap, even before the
 * app is live, reveals its next step built).
 */
function stepsKept(flow: FlowDefinition, path: readonly string[], formsLoaded: boolean): StepDefinition[] {
  const current = path[path.length - 1];
  const previous = path[path.length - 2];
  const step = flow.steps.find((s) => s.id === current);
  if (!step) return [];
  const ahead = step.targets.filter((id) => id !== SUBMIT);
  const ids = [...(previous ? [previous] : []), current, ...ahead];
  const choice = step.screen.kind === 'choice';
  return flow.steps.filter(
    (s) => ids.includes(s.id) && (s.id === current || s.screen.kind === 'choice' || formsLoaded || choice),
  );
}

export function StepView({
  flow,
  path,
  survey,
  words,
  catalog,
  consent,
  today,
}: {
  flow: FlowDefinition;
  path: readonly string[];
  survey: SurveyControls;
  words: SurveyWords;
  /** The whole catalog once it and the form screens are in (survey-page.tsx asks useFormsLoaded). */
  catalog: Catalog | null;
  consent: ConsentSubject;
  today: string;
}) {
  const formsLoaded = catalog !== null;
  const motion = survey.moves === 0 ? '' : survey.direction === 1 ? ` ${FORWARD_MOTION}` : ' step--back';
  // The panes kept come in a render of their own, after the current step's; the current step is always
  // rendered. Issue 33: on the page's first step, a choice, the server's HTML holds the steps its answers
  // lead to, kept (the capture script shows one on a tap before the app is live), so the first render
  // (the hydration) has them too.
  const wanted = stepsKept(flow, path, formsLoaded)
    .map((step) => step.id)
    .join(' ');
  const firstChoice = path.length === 1 && survey.step.screen.kind === 'choice';
  const deferred = useDeferredValue(wanted, firstChoice ? wanted : '');
  const rendered = useKeptUntilPainted([...new Set([survey.step.id, ...(deferred === '' ? [] : deferred.split(' '))])]);
  return (
    <>
      {flow.steps
        .filter((step) => rendered.includes(step.id))
        .map((step) => (
          <StepPane
            key={step.id}
            step={step}
            current={step.id === survey.step.id}
            motion={motion}
            survey={survey}
            words={words}
            catalog={catalog}
            consent={consent}
            today={today}
          />
        ))}
    </>
  );
}
