/**
 * Shows the current step's screen. A one-tap choice is part of the first chunk; the form screens come
 * from the forms chunk (forms/survey-forms.ts), which the survey loads before it shows such a step
 * (issue 10). The first step shown is the server's HTML: it has no entry animation; later steps slide in.
 *
 * Issue 10 "every step transition at most 85 ms": the steps the current one may lead to (ask the flow:
 * its declared targets) are rendered ahead, hidden, in React's <Activity>, at idle priority while the
 * visitor reads; the step before stays rendered, hidden, for Back. A tap then reveals a step that is
 * already built instead of building it, and the step left is hidden, not torn down in the tap's frame.
 */
import { SUBMIT, type FlowDefinition, type StepDefinition } from '@app/funnel';
import { Activity, memo, useEffect, useRef } from 'react';
import { formsModule } from '../app/lazy-modules';
import { useFormsLoaded } from './use-forms-loaded';
import { stepTextOf, type Catalog } from '../i18n/catalog';
import { ChoiceScreen } from './screens/choice-screen';
import type { ScreenProps } from './screens/screen-props';
import type { ConsentSubject } from './forms/consent-subject';
import type { SurveyControls } from './use-survey';

function Screen({
  step,
  props,
  consent,
  consentState,
}: {
  step: StepDefinition;
  props: ScreenProps;
  consent: ConsentSubject;
  consentState: SurveyControls['consentState'];
}) {
  const screen = step.screen;
  if (screen.kind === 'choice') return <ChoiceScreen {...props} options={screen.options} />;
  const forms = formsModule().loaded();
  if (!forms) throw new Error(`The form screens must be loaded before step ${step.id} is shown`);
  // Issue 13: ask the flow — the step where the visitor chooses the buyers to consent to.
  if (step.consent === 'choose-buyers')
    return <forms.BuyersConsentScreen {...props} consent={consent} state={consentState} />;
  switch (screen.kind) {
    case 'incident-date':
      return <forms.IncidentDateScreen {...props} />;
    case 'description':
      return <forms.DescriptionScreen {...props} />;
    case 'questions':
      return <forms.QuestionsScreen {...props} questions={screen.questions} consent={consent} />;
    default:
      return <forms.FieldsScreen {...props} kind={screen.kind} consent={consent} />;
  }
}

interface StepPaneProps {
  step: StepDefinition;
  /** The flow's case: its own step texts where it has them (issue 11). */
  topic: FlowDefinition['topic'];
  current: boolean;
  /** The entry animation's class when this step was just reached ('' on the first step shown). */
  motion: string;
  survey: SurveyControls;
  catalog: Catalog;
  consent: ConsentSubject;
  today: string;
}

/** One step's screen: visible when it is the current step, else rendered ahead (or kept) hidden. */
const StepPane = memo(function StepPane({
  step,
  topic,
  current,
  motion,
  survey,
  catalog,
  consent,
  today,
}: StepPaneProps) {
  const text = stepTextOf(catalog, topic, step.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const reached = survey.moves > 0;

  useEffect(() => {
    // Effects run when the pane is shown (a hidden <Activity> has none). §2: each step change scrolls
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
    <section className={`step${current ? motion : ''}`} data-step={step.id}>
      <h1 className="step__title" ref={heading} tabIndex={-1}>
        {text.title}
      </h1>
      {text.hint && <p className="step__hint">{text.hint}</p>}
      <Screen
        step={step}
        consent={consent}
        consentState={survey.consentState}
        props={{
          step,
          text,
          catalog,
          answers: survey.answers,
          today,
          submitStep: survey.answerStep(step.id),
          checkField: survey.checkField,
          reportAnswered: survey.reportAnswered,
        }}
      />
      {current && survey.canGoBack && (
        <button type="button" className="link-button" onClick={survey.back}>
          ← {catalog.ui.back}
        </button>
      )}
    </section>
  );
});

/** The steps kept rendered: the one before (for Back), the current one, and every step it may lead to. */
function stepsKept(flow: FlowDefinition, path: readonly string[], formsLoaded: boolean): StepDefinition[] {
  const current = path[path.length - 1];
  const previous = path[path.length - 2];
  const step = flow.steps.find((s) => s.id === current);
  if (!step) return [];
  const ahead = step.targets.filter((id) => id !== SUBMIT);
  const ids = [...(previous ? [previous] : []), current, ...ahead];
  return flow.steps.filter(
    (s) => ids.includes(s.id) && (s.id === current || s.screen.kind === 'choice' || formsLoaded),
  );
}

export function StepView({
  flow,
  path,
  survey,
  catalog,
  consent,
  today,
}: {
  flow: FlowDefinition;
  path: readonly string[];
  survey: SurveyControls;
  catalog: Catalog;
  consent: ConsentSubject;
  today: string;
}) {
  const formsLoaded = useFormsLoaded();
  const motion = survey.moves === 0 ? '' : survey.direction === 1 ? ' step--forward' : ' step--back';
  return (
    <>
      {stepsKept(flow, path, formsLoaded).map((step) => {
        const current = step.id === survey.step.id;
        return (
          <Activity key={step.id} mode={current ? 'visible' : 'hidden'}>
            <StepPane
              step={step}
              topic={flow.topic}
              current={current}
              motion={motion}
              survey={survey}
              catalog={catalog}
              consent={consent}
              today={today}
            />
          </Activity>
        );
      })}
    </>
  );
}
