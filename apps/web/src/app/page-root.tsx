/** The page a path shows, from what load-page.ts loaded: one tree for the server's render and the browser's. */
import type { Brand } from '../brand/brand';
import { SurveyPage } from '../survey/survey-page';
import type { SurveySession } from '../survey/survey-session';
import type { EarlyInputSource } from './early-input';
import type { LoadedPage } from './load-page';
import type { SurveyWords } from '../i18n/survey-words';

export interface PageRootProps {
  page: LoadedPage;
  brand: Brand;
  today: string;
  search: string;
  /** The survey's session: a new one, or the one a reload resumes. */
  session: SurveySession | null;
  /** A survey page's words (i18n/survey-words.ts), from the server's page data. */
  words: SurveyWords | null;
  earlyInput: EarlyInputSource | null;
  /** The opt-out form's reCAPTCHA site key; null when none is configured (no captcha then, §5). */
  recaptchaSiteKey: string | null;
}

export function PageRoot({ page, brand, today, search, session, words, earlyInput, recaptchaSiteKey }: PageRootProps) {
  if (page.page === 'survey') {
    if (!session || !words) throw new Error('A survey page needs its session and its words');
    return (
      <SurveyPage
        route={page.route}
        flow={page.flow}
        brand={brand}
        words={words}
        catalog={page.catalog}
        today={today}
        session={session}
        earlyInput={earlyInput}
      />
    );
  }
  const site = { brand, today, search, language: page.language, catalog: page.catalog };
  switch (page.page) {
    case 'thank-you':
      return <page.view {...site} text={page.text} ticket={page.ticket} />;
    case 'landing':
      return <page.view {...site} text={page.text} />;
    case 'opt-out':
      return <page.view {...site} text={page.text} recaptchaSiteKey={recaptchaSiteKey} />;
    case 'legal':
      return <page.view {...site} text={page.text} document={page.document} html={page.html} />;
    case 'not-found':
      return <page.view {...site} />;
  }
}
