/**
 * The frame of every page around the survey (issue 12): a skip link, the header (logo, and unless the page
 * asks for the simple logo header, the language switch and the call button with the visit's call number,
 * brand/call-number.ts), the page's main content and the footer.
 */
import { callNumberFor, SITE_PATHS, type CaseTopic } from '@app/funnel';
import type { MouseEvent, ReactNode } from 'react';
import { SiteFooter, sitePath } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import './site.css';
import type { SitePageProps } from './site-page-props';

export interface SiteLayoutProps extends SitePageProps {
  /** The path of this page in the other language, for the switch; none on pages whose URL carries data. */
  switchPath?: string;
  /** §2: the opt-out form has "a simple logo header". */
  simpleHeader?: boolean;
  /** The name of the page, for data-page (tests and styles). */
  name: string;
  /** The case the page is about (the ticket thank-you's footer makes no accident claim, issue 28). */
  topic?: CaseTopic;
  children: ReactNode;
}

/** §3, issue 28: the visit's call number — one rule for every page (brand/call-number.ts). */
export function callNumber(props: Pick<SitePageProps, 'brand' | 'search'>): string {
  return callNumberFor(props.brand, { search: props.search });
}

/**
 * Issue 28: the language switch keeps the visit's query (affid, sub ids…), so the page in the other language
 * shows the same call number and the survey it opens credits the same source. Without script, the plain link.
 */
function keepQuery(event: MouseEvent<HTMLAnchorElement>): void {
  const query = new URLSearchParams(window.location.search.replace(/^\?+/, ''));
  query.delete('lang');
  if (query.size === 0) return;
  const target = new URL(event.currentTarget.href);
  query.forEach((value, key) => {
    if (!target.searchParams.has(key)) target.searchParams.set(key, value);
  });
  event.preventDefault();
  window.location.assign(`${target.pathname}${target.search}`);
}

export function SiteLayout(props: SiteLayoutProps) {
  const { brand, catalog, text, today, language, switchPath, simpleHeader, name, topic, children } = props;
  const other = language === 'es' ? 'en' : 'es';
  return (
    <div className={`page site-page site-page--${name}`} data-page={name}>
      <a className="skip-link" href="#main">
        {text.skipToContent}
      </a>
      <SiteHeader
        brand={brand}
        phone={simpleHeader ? null : callNumber(props)}
        callText={text.callHeader}
        homeHref={sitePath(SITE_PATHS.landing, language)}
        languageSwitch={
          switchPath === undefined
            ? null
            : { href: sitePath(switchPath, other), label: text.otherLanguage, lang: other, onClick: keepQuery }
        }
      />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter brand={brand} catalog={catalog} today={today} language={language} topic={topic} />
    </div>
  );
}
