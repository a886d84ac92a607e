/**
 * The survey page. Rendered on the server with the route's first step (issue 10) and hydrated in the
 * browser from the same inputs: the route, its flow, the brand, the language's catalog and the day.
 */
import { callNumberFor, languageSwitchUrl, SUBMIT, type FunnelRoute } from '@app/funnel';
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader, type LanguageSwitch } from '../layout/site-header';
import { afterPaint } from '../app/after-paint';
import { formsModule } from '../app/lazy-modules';
import type { SurveyWords } from '../i18n/survey-words';
import { LoadingOverlay } from './loading-overlay';
import { ProgressBar } from './progress-bar';
import { SteppedProgress } from './stepped-progress';
import { useProgressSnapshots, type StepLeftEvent } from './progress/use-progress-snapshots';
import { StepView } from './step-view';
import { formAhead, useFormsLoaded } from './use-forms-loaded';
import { useSurvey, type SurveySetup } from './use-survey';

export interface SurveyPageProps extends Omit<SurveySetup, 'consent'> {
  brand: Brand;
  /** What the page shows before its form screens load (issue 10: from the server's page data). */
  words: SurveyWords;
  /** The language's whole catalog when it was loaded before the first render (else it comes with the forms). */
  catalog: Catalog | null;
  today: string;
}

/**
 * Issue 28: the header's switch to the survey in the other language (routes/language-switch.ts). Its href
 * depends on the route alone (the server's cached HTML and the browser's first render agree); a tap carries
 * the visit's whole query.
 */
function surveyLanguageSwitch(route: FunnelRoute, words: SurveyWords): LanguageSwitch | null {
  const href = languageSwitchUrl(route, '');
  if (href === null) return null;
  return {
    href,
    label: words.ui.otherLanguage,
    lang: route.language === 'es' ? 'en' : 'es',
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      const target = languageSwitchUrl(route, window.location.search);
      if (target === null) return;
      event.preventDefault();
      window.location.assign(target);
    },
  };
}

export function SurveyPage({ brand, words, catalog: loadedCatalog, today, ...setup }: SurveyPageProps) {
  // Whose consent the last step asks; the forms chunk renders its text (the domain's template, which the
  // server versions: consent/consent-text.ts), so the first chunk does not carry it.
  // One object for the page's life: the step bodies and the submit keep it (issue 10: no re-render on a tap).
  const consent = useMemo(
    () => ({ language: setup.route.language, brandName: brand.name, topic: setup.flow.topic }),
    [setup.route.language, brand.name, setup.flow.topic],
  );
  const snapshot = useProgressSnapshots(words);
  // Issue 13: a step's declared effects load the tags they name (forms/tags/page-tags.ts).
  const onStepLeft = useCallback(
    (event: StepLeftEvent) => {
      snapshot(event);
      // After the next step is painted (issue 10): a tag's code never delays the tap's frame.
      if (event.effects.length > 0)
        afterPaint(
          () =>
            void formsModule()
              .load()
              .then((loaded) => loaded.runStepEffects(event.effects)),
        );
    },
    [snapshot],
  );
  const survey = useSurvey({ ...setup, consent, onStepLeft });
  // §3, issue 28: the visit's call number (brand/call-number.ts): the call-tracking script's once it gives
  // one; until then the brand's number for the visit's affid (the URL's, else the route's).
  const [tracked, setTracked] = useState<string | null>(null);
  const callNumber = callNumberFor(brand, {
    search: setup.session.landingSearch,
    routeAffid: setup.route.affid,
    tracked,
  });
  const languageSwitch = useMemo(() => surveyLanguageSwitch(setup.route, words), [setup.route, words]);
  // Shown only after a submit, which needs the forms chunk: it brings them.
  // The form screens and the whole catalog, fetched while the visitor reads (a re-render once they are in,
  // so the steps ahead and the SMS dialog's host can be rendered).
  const formsCatalog = useFormsLoaded(formAhead(setup.flow, survey.step), setup.route.language);
  const catalog = loadedCatalog ?? formsCatalog;
  const forms = formsModule().loaded();
  // Issue 13: the configured tags, once the forms chunk is in (it is fetched when the page is live and idle).
  const formsIn = formsCatalog !== null;
  const { tracking } = setup.session;
  useEffect(() => {
    if (formsIn) formsModule().loaded()?.startPageIntegrations({ tracking, onCallNumber: setTracked });
  }, [formsIn, tracking]);
  // Issue 10: each form step's first check is prepared while the visitor reads, not paid in its tap.
  useEffect(
    () => (formsIn ? formsModule().loaded()?.warmStepChecks(setup.flow, today) : undefined),
    [formsIn, setup.flow, today],
  );
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
      <SiteHeader brand={brand} phone={callNumber} callText={words.ui.callInstead} languageSwitch={languageSwitch} />
      <main className="survey" id="scroll-to-survey">
        <ProgressBar value={survey.outcome ? 100 : survey.progress} label={words.ui.progressLabel} />
        {setup.flow.progressStyle === 'stepped' && !survey.outcome && (
          <SteppedProgress steps={setup.flow.steps.map((s) => s.id)} current={survey.step.id} />
        )}
        {survey.outcome && forms && catalog ? (
          <forms.SurveyOutcomeView outcome={survey.outcome} catalog={catalog} phone={callNumber} />
        ) : (
          <StepView
            flow={setup.flow}
            path={survey.path}
            survey={survey}
            words={words}
            catalog={formsCatalog}
            consent={consent}
            today={today}
          />
        )}
      </main>
      <SiteFooter
        brand={brand}
        catalog={words}
        today={today}
        topic={setup.flow.topic}
        language={setup.route.language}
      />
      <LoadingOverlay text={words.ui.submitting} shown={survey.submitting} />
      {forms && catalog && setup.route.smsVerification === true && <forms.SmsVerificationHost catalog={catalog} />}
    </div>
  );
}
