/**
 * Shows the current step's screen. A one-tap choice is part of the first chunk; the form screens come
 * from the forms chunk (forms/survey-forms.ts), which the survey loads before it shows such a step
 * (issue 10). The first step shown is the server's HTML: it has no entry animation; later steps slide in.
 */
import type { StepDefinition } from '@app/funnel';
import { useEffect, useRef } from 'react';
import { formsModule } from '../app/lazy-modules';
import type { Catalog } from '../i18n/catalog';
import { ChoiceScreen } from './screens/choice-screen';
import type { ScreenProps } from './screens/screen-props';
import type { SurveyControls } from './use-survey';

function Screen({ step, props, consentText }: { step: StepDefinition; props: ScreenProps; consentText: string }) {
  const screen = step.screen;
  if (screen.kind === 'choice') return <ChoiceScreen {...props} options={screen.options} />;
  const forms = formsModule().loaded();
  if (!forms) throw new Error(`The form screens must be loaded before step ${step.id} is shown`);
  switch (screen.kind) {
    case 'incident-date':
      return <forms.IncidentDateScreen {...props} />;
    case 'description':
      return <forms.DescriptionScreen {...props} />;
    case 'questions':
      return <forms.QuestionsScreen {...props} questions={screen.questions} consentText={consentText} />;
    default:
      return <forms.FieldsScreen {...props} kind={screen.kind} consentText={consentText} />;
  }
}

export function StepView({
  survey,
  catalog,
  consentText,
  today,
}: {
  survey: SurveyControls;
  catalog: Catalog;
  consentText: string;
  today: string;
}) {
  const { step } = survey;
  const text = catalog.steps[step.id] ?? { title: step.id };
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // §2: each step change scrolls smoothly to the top; focus follows for screen-reader users. Both once
    // the new step is painted, so the tap's answer shows first (issue 10).
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
        heading.current?.focus({ preventScroll: true });
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [step.id]);

  const motion = survey.moves === 0 ? '' : survey.direction === 1 ? ' step--forward' : ' step--back';
  const submitStep = survey.answerStep(step.id);
  return (
    <section key={step.id} className={`step${motion}`} data-step={step.id}>
      <h1 className="step__title" ref={heading} tabIndex={-1}>
        {text.title}
      </h1>
      {text.hint && <p className="step__hint">{text.hint}</p>}
      <Screen
        key={step.id}
        step={step}
        consentText={consentText}
        props={{ step, text, catalog, answers: survey.answers, today, submitStep, checkField: survey.checkField }}
      />
      {survey.canGoBack && (
        <button type="button" className="link-button" onClick={survey.back}>
          ← {catalog.ui.back}
        </button>
      )}
    </section>
  );
}
