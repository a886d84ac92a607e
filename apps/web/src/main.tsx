import { normalisePath, resolveRoute, THANK_YOU_PATHS } from '@app/funnel';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { flushOutbox } from './survey/lead-outbox';
import { SurveyPage } from './survey/survey-page';
import './styles/global.css';

// Pages other than the survey are split out so the survey bundle stays small (architecture §6).
const ThankYouPage = lazy(() => import('./pages/thank-you-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

function Page() {
  const route = resolveRoute(window.location.pathname);
  if (route) return <SurveyPage route={route} />;
  if (THANK_YOU_PATHS.includes(normalisePath(window.location.pathname))) return <ThankYouPage />;
  return <NotFoundPage />;
}

// Leads a server could not take earlier are posted again from any page (issue 9: nothing is lost).
void flushOutbox();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </StrictMode>,
  );
}
