import { consentText as renderConsent, flowById, type FunnelRoute } from '@app/funnel';
import { useLayoutEffect, useMemo } from 'react';
import { applyBrand, brandForHost } from '../brand/brand';
import { catalogFor } from '../i18n/use-catalog';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import { LoadingOverlay } from './loading-overlay';
import { ProgressBar } from './progress-bar';
import { StepView } from './step-view';
import { SurveyOutcomeView } from './survey-outcome-view';
import { useSurvey } from './use-survey';

export function SurveyPage({ route }: { route: FunnelRoute }) {
  const flow = flowById(route.variant);
  if (!flow) throw new Error(`Route ${route.path} names unknown variant ${route.variant}`);
  const brand = useMemo(() => brandForHost(window.location.host), []);
  const catalog = catalogFor(route.language);
  // The domain's template, the one the server versions (consent/consent-text.ts); no buyers named yet.
  const consentText = renderConsent({ language: route.language, brandName: brand.name, buyers: [] });
  const survey = useSurvey(route, flow, consentText);

  useLayoutEffect(() => {
    applyBrand(brand, document.documentElement);
    document.documentElement.lang = route.language;
  }, [brand, route.language]);

  return (
    <div className="page">
      <SiteHeader brand={brand} catalog={catalog} />
      <main className="survey" id="scroll-to-survey">
        <ProgressBar value={survey.outcome ? 100 : survey.progress} label={catalog.ui.progressLabel} />
        {survey.outcome ? (
          <SurveyOutcomeView outcome={survey.outcome} catalog={catalog} brand={brand} />
        ) : (
          <StepView survey={survey} catalog={catalog} consentText={consentText} />
        )}
      </main>
      <SiteFooter brand={brand} catalog={catalog} />
      {survey.submitting && <LoadingOverlay text={catalog.ui.submitting} />}
    </div>
  );
}
