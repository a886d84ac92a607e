/** Shows the current step's screen; the key makes each step enter with the slide-fade animation. */
import type { StepDefinition } from '@app/funnel';
import { useEffect, useRef } from 'react';
import type { Catalog } from '../i18n/catalog';
import { ChoiceScreen } from './screens/choice-screen';
import { DescriptionScreen } from './screens/description-screen';
import { FieldsScreen } from './screens/fields-screen';
import { IncidentDateScreen } from './screens/incident-date-screen';
import { QuestionsScreen } from './screens/questions-screen';
import type { ScreenProps } from './screens/screen-props';
import type { SurveyControls } from './use-survey';

function Screen({ step, props, consentText }: { step: StepDefinition; props: ScreenProps; consentText: string }) {
  const screen = step.screen;
  switch (screen.kind) {
    case 'choice':
      return <ChoiceScreen {...props} options={screen.options} />;
    case 'incident-date':
      return <IncidentDateScreen {...props} />;
    case 'description':
      return <DescriptionScreen {...props} />;
    case 'questions':
      return <QuestionsScreen {...props} questions={screen.questions} consentText={consentText} />;
    default:
      return <FieldsScreen {...props} kind={screen.kind} consentText={consentText} />;
  }
}

export function StepView({
  survey,
  catalog,
  consentText,
}: {
  survey: SurveyControls;
  catalog: Catalog;
  consentText: string;
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
    // §2: each step change scrolls smoothly to the top; focus follows for screen-reader users.
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [step.id]);

  return (
    <section key={step.id} className={`step step--${survey.direction === 1 ? 'forward' : 'back'}`} data-step={step.id}>
      <h1 className="step__title" ref={heading} tabIndex={-1}>
        {text.title}
      </h1>
      {text.hint && <p className="step__hint">{text.hint}</p>}
      <Screen
        key={step.id}
        step={step}
        consentText={consentText}
        props={{ step, text, catalog, answers: survey.answers, submitStep: survey.submitStep }}
      />
      {survey.canGoBack && (
        <button type="button" className="link-button" onClick={survey.back}>
          ← {catalog.ui.back}
        </button>
      )}
    </section>
  );
}
