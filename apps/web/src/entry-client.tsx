/**
 * The browser's entry (issue 10). The server sent the page's HTML with its first screen; this loads what
 * the page needs (its chunks are preloaded by the HTML), then hydrates that HTML, keeping every node, or
 * renders afresh when a reload resumes a survey mid-way (the server cannot know where). The first answer
 * tapped before this ran is handed to the survey; the form screens are fetched while the visitor reads.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterTask } from './app/after-task';
import {
  handOverEarlyInput,
  peekEarlyInput,
  stopEarlyCapture,
  type EarlyCapture,
  type EarlyInputSource,
} from './app/early-input';
import { WhenLive } from './app/when-live';
import { flushOutboxModule, formsModule, progressOutboxModule } from './app/lazy-modules';
import { loadPage } from './app/load-page';
import { readPageData } from './app/page-data';
import { PageRoot } from './app/page-root';
import { takeStartAnswer } from './app/start-answer';
import { hasPendingProgress } from './survey/progress/pending-key';
import { hasKeptLeads } from './survey/lead-outbox-key';
import { hasSavedSession, newSession, type SurveySession } from './survey/survey-session';
import { surveyWordsOf } from './i18n/survey-words';
import { newLeadId } from './app/new-lead-id';
import './styles/global.css';
import { visitorToday } from './app/visitor-clock';
import { zodWithoutEval } from './app/zod-without-eval';

/** Without the server's page data (the Vite dev server), the browser plans the page itself. */
async function planHere(pathname: string, search: string) {
  const [{ planPage, languageOfPage }, { brandForHost }] = await Promise.all([
    import('./app/page-plan'),
    import('./brand/brand-for-host'),
  ]);
  const brand = brandForHost(window.location.host);
  const plan = planPage(pathname, brand);
  return { plan, brand, language: languageOfPage(plan, pathname, search), recaptchaSiteKey: null, words: null };
}

/** A legal page's text, as the server rendered it (app/load-page.ts LegalHtml). */
function legalHtmlOnPage(): string {
  return document.querySelector('[data-legal-content]')?.innerHTML ?? '';
}

async function resumedSession(page: Awaited<ReturnType<typeof loadPage>>): Promise<SurveySession | null> {
  if (page.page !== 'survey' || !hasSavedSession(page.route, window.sessionStorage)) return null;
  const forms = await formsModule().load();
  return forms.loadSession(page.route, page.flow, window.sessionStorage);
}

async function start(container: HTMLElement): Promise<void> {
  const data = readPageData(document);
  const today = data?.today ?? visitorToday();
  const shown = data ?? (await planHere(window.location.pathname, window.location.search));
  const { plan, language, brand, recaptchaSiteKey } = shown;
  // A survey's words come in the server's page data; without them (the Vite dev server) from its catalog.
  const page = await loadPage(plan, language, { legalHtml: legalHtmlOnPage, surveyCatalog: shown.words === null });
  const words = shown.words ?? (page.page === 'survey' && page.catalog ? surveyWordsOf(page.catalog, page.flow) : null);
  // The landing form's answer to the first question (issue 12), taken out of the address first.
  const started = page.page === 'survey' ? takeStartAnswer(window, page.flow.first) : null;
  const { search, href } = window.location;
  const resumed = await resumedSession(page);
  const session =
    page.page !== 'survey'
      ? null
      : (resumed ?? newSession(page.route, page.flow, { search, href, referrer: document.referrer }, newLeadId()));
  // Issue 33 (INP): the capture script keeps the page's taps until React commits it (WhenLive's onCommit):
  // from then on React handles every event; what was tapped before is answered once by the survey. The first
  // render shows what was tapped so far (the step the script revealed, its progress).
  let early: EarlyCapture | null = null;
  const endCapture = () => (early ??= stopEarlyCapture(window));
  const fallback = resumed ? null : started;
  const earlyInput: EarlyInputSource = {
    shown: peekEarlyInput(window) ?? fallback,
    take: () => endCapture().input ?? fallback,
  };
  const tree = (
    <StrictMode>
      <WhenLive onCommit={endCapture} onLive={() => handOverEarlyInput(endCapture())}>
        <PageRoot
          page={page}
          brand={brand}
          today={today}
          search={search}
          session={session}
          words={words}
          earlyInput={earlyInput}
          recaptchaSiteKey={recaptchaSiteKey}
        />
      </WhenLive>
    </StrictMode>
  );
  if (data && !resumed && container.firstElementChild) {
    // Issue 33 (INP): a task of its own (React's setup of its listeners costs ~75 ms at 4x CPU), and the
    // hydration a transition: React hydrates in slices of ~5 ms and the browser runs a tap between two
    // (hydrated at the default lane, the whole page was one task of 120-170 ms at 4x). A tap on an option
    // meanwhile is the capture script's (it shows the next step at once); React answers it once committed.
    await afterTask();
    startTransition(() => {
      hydrateRoot(container, tree, {
        onRecoverableError: (error) => console.error('Hydration could not keep the server HTML:', error),
      });
    });
  } else {
    if (!data) {
      // Not rendered by the server (the Vite dev server): set what its HTML would have.
      document.documentElement.lang = page.language;
      document.documentElement.dataset.brand = brand.id;
    }
    createRoot(container).render(tree);
  }
}

/**
 * From any page, once it is live and idle: leads a server could not take earlier are posted again (issue 9),
 * and the tab's progress snapshots the server has not acknowledged yet (issue 13, §7 save-data) are sent,
 * then cleared on success. So the last step's snapshot, left pending when the survey went to the thank-you
 * page, is sent from there. Each one's chunk is fetched only when there is something to send (issue 10).
 */
function flushPendingWhenIdle(): void {
  const flush = () => {
    if (hasKeptLeads(() => window.localStorage))
      void flushOutboxModule()
        .load()
        .then((flushOutbox) => flushOutbox());
    if (hasPendingProgress(window.sessionStorage))
      void progressOutboxModule()
        .load()
        .then((outbox) => outbox().flush());
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(flush, { timeout: 3000 });
  else setTimeout(flush, 500);
}

// Before any chunk with zod is imported (every one is imported from here on): no eval probe the CSP reports.
zodWithoutEval();
const container = document.getElementById('root');
if (container) void start(container).then(flushPendingWhenIdle);
