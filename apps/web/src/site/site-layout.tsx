/**
 * The frame of every page around the survey (issue 12): a skip link, the header (logo, and unless the page
 * asks for the simple logo header, the language switch and the call button with the call-tracking number
 * of the visitor's affid, §3), the page's main content and the footer.
 */
import { formatUsPhone, formatUsPhoneE164, phoneForAffid, readThankYouQuery, SITE_PATHS } from '@app/funnel';
import type { ReactNode } from 'react';
import { SiteFooter, sitePath } from '../layout/site-footer';
import { BrandLogo } from './brand-logo';
import './site.css';
import type { SitePageProps } from './site-page-props';

export interface SiteLayoutProps extends SitePageProps {
  /** The path of this page in the other language, for the switch; none on pages whose URL carries data. */
  switchPath?: string;
  /** §2: the opt-out form has "a simple logo header". */
  simpleHeader?: boolean;
  /** The name of the page, for data-page (tests and styles). */
  name: string;
  children: ReactNode;
}

/** §3 call-tracking number: the one configured for the query's affid, else the brand's default. */
export function callNumber(props: Pick<SitePageProps, 'brand' | 'search'>): string {
  return phoneForAffid(props.brand, readThankYouQuery(props.search).get('affid'));
}

export function SiteLayout(props: SiteLayoutProps) {
  const { brand, catalog, text, today, language, switchPath, simpleHeader, name, children } = props;
  const phone = callNumber(props);
  return (
    <div className={`page site-page site-page--${name}`} data-page={name}>
      <a className="skip-link" href="#main">
        {text.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <a className="site-header__home" href={sitePath(SITE_PATHS.landing, language)}>
            <BrandLogo brand={brand} />
          </a>
          <div className="site-header__tools">
            {switchPath !== undefined && (
              <a
                className="site-header__language"
                href={sitePath(switchPath, language === 'es' ? 'en' : 'es')}
                hrefLang={language === 'es' ? 'en' : 'es'}
                lang={language === 'es' ? 'en' : 'es'}
              >
                {text.otherLanguage}
              </a>
            )}
            {!simpleHeader && (
              <a className="site-header__call" href={`tel:${formatUsPhoneE164(phone)}`} data-call-number={phone}>
                <span className="site-header__call-text">{text.callHeader} </span>
                <strong>{formatUsPhone(phone)}</strong>
              </a>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter brand={brand} catalog={catalog} today={today} language={language} />
    </div>
  );
}
