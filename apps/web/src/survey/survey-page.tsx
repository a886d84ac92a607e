/**
 * The survey page. Rendered on the server with the route's first step (issue 10) and hydrated in the
 * browser from the same inputs: the route, its flow, the brand, the language's catalog and the day.
 */
import { consentText as renderConsent } from '@app/funnel';
import { useEffect } from 'react';
import { formsModule } from '../app/lazy-modules';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import { LoadingOverlay } from './loading-overlay';
import { ProgressBar } from './progress-bar';
import { StepView } from './step-view';
import { SurveyOutcomeView } from './survey-outcome-view';
import { useSurvey, type SurveySetup } from './use-survey';

export interface SurveyPageProps extends Omit<SurveySetup, 'consentText'> {
  brand: Brand;
  catalog: Catalog;
  today: string;
}

/** Once the page is live (and the early tap answered): the rest of the survey's code, while the visitor reads. */
function usePrefetchForms(): void {
  useEffect(() => {
    const load = () => void formsModule().load();
    if ('requestIdleCallback' in window) {
      const idle = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, []);
}

export function SurveyPage({ brand, catalog, today, ...setup }: SurveyPageProps) {
  // The domain's template, the one the server versions (consent/consent-text.ts); no buyers named yet.
  const consentText = renderConsent({ language: setup.route.language, brandName: brand.name, buyers: [] });
  const survey = useSurvey({ ...setup, consentText });
  usePrefetchForms();
  return (
    <div className="page">
      <SiteHeader brand={brand} catalog={catalog} />
      <main className="survey" id="scroll-to-survey">
        <ProgressBar value={survey.outcome ? 100 : survey.progress} label={catalog.ui.progressLabel} />
        {survey.outcome ? (
          <SurveyOutcomeView outcome={survey.outcome} catalog={catalog} brand={brand} />
        ) : (
          <StepView survey={survey} catalog={catalog} consentText={consentText} today={today} />
        )}
      </main>
      <SiteFooter brand={brand} catalog={catalog} today={today} />
      {survey.submitting && <LoadingOverlay text={catalog.ui.submitting} />}
    </div>
  );
}
