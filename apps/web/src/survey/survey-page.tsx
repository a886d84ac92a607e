/**
 * The survey page. Rendered on the server with the route's first step (issue 10) and hydrated in the
 * browser from the same inputs: the route, its flow, the brand, the language's catalog and the day.
 */
import { SUBMIT } from '@app/funnel';
import { useCallback, useEffect, useState } from 'react';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import { formsModule } from '../app/lazy-modules';
import { ProgressBar } from './progress-bar';
import { SteppedProgress } from './stepped-progress';
import { useProgressSnapshots, type StepLeftEvent } from './progress/use-progress-snapshots';
import { StepView } from './step-view';
import { useFormsLoaded } from './use-forms-loaded';
import { useSurvey, type SurveySetup } from './use-survey';

export interface SurveyPageProps extends Omit<SurveySetup, 'consent'> {
  brand: Brand;
  catalog: Catalog;
  today: string;
}

export function SurveyPage({ brand, catalog, today, ...setup }: SurveyPageProps) {
  // Whose consent the last step asks; the forms chunk renders its text (the domain's template, which the
  // server versions: consent/consent-text.ts), so the first chunk does not carry it.
  const consent = { language: setup.route.language, brandName: brand.name, topic: setup.flow.topic };
  const snapshot = useProgressSnapshots(catalog);
  // Issue 13: a step's declared effects load the tags they name (forms/tags/page-tags.ts).
  const onStepLeft = useCallback(
    (event: StepLeftEvent) => {
      snapshot(event);
      if (event.effects.length > 0)
        void formsModule()
          .load()
          .then((loaded) => loaded.runStepEffects(event.effects));
    },
    [snapshot],
  );
  const survey = useSurvey({ ...setup, consent, onStepLeft });
  // §3 call-tracking number: the script's, once it gives one; the brand's default until then.
  const [callNumber, setCallNumber] = useState(brand.phone);
  // Shown only after a submit, which needs the forms chunk: it brings them.
  const forms = formsModule().loaded();
  // Issue 13: the configured tags, once the forms chunk is in (it is fetched when the page is live and idle).
  const formsIn = useFormsLoaded();
  const { tracking } = setup.session;
  useEffect(() => {
    if (formsIn) formsModule().loaded()?.startPageIntegrations({ tracking, onCallNumber: setCallNumber });
  }, [formsIn, tracking]);
  // Issue 13: the exits' configuration, asked once the last step is on screen (their tab opens from the tap).
  const lastStep = survey.step.targets.includes(SUBMIT);
  useEffect(() => {
    if (lastStep)
      void formsModule()
        .load()
        .then((loaded) => loaded.loadPageConfig());
  }, [lastStep]);
  return (
    <div className="page">
      <SiteHeader brand={brand} catalog={catalog} phone={callNumber} />
      <main className="survey" id="scroll-to-survey">
        <ProgressBar value={survey.outcome ? 100 : survey.progress} label={catalog.ui.progressLabel} />
        {setup.flow.progressStyle === 'stepped' && !survey.outcome && (
          <SteppedProgress steps={setup.flow.steps.map((s) => s.id)} current={survey.step.id} />
        )}
        {survey.outcome && forms ? (
          <forms.SurveyOutcomeView outcome={survey.outcome} catalog={catalog} brand={brand} />
        ) : (
          <StepView
            flow={setup.flow}
            path={survey.path}
            survey={survey}
            catalog={catalog}
            consent={consent}
            today={today}
          />
        )}
      </main>
      <SiteFooter
        brand={brand}
        catalog={catalog}
        today={today}
        topic={setup.flow.topic}
        language={setup.route.language}
      />
      {survey.submitting && forms && <forms.LoadingOverlay text={catalog.ui.submitting} />}
      {forms && setup.route.smsVerification === true && <forms.SmsVerificationHost catalog={catalog} />}
    </div>
  );
}
