import { SITE_PATHS, type CaseTopic, type Language } from '@app/funnel';
import { memo } from 'react';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';

/** A link to a page around the survey, in the page's language (lang=es, docs/spec-decisions.md). */
export function sitePath(path: string, language: Language): string {
  return language === 'es' ? `${path}?lang=es` : path;
}

/**
 * Footer of every page (spec §1; issue 12): the brand's note, the paid-advertisement and not-a-law-firm
 * statement, attorney advertising, the $20K average claim, 100% secure and confidential, links to the
 * privacy policy, terms, the opt-out form and (where the brand shows it) the sponsors, and the copyright.
 * `today` is the page's day (YYYY-MM-DD, app/page-data.ts), so the server and the browser show one year.
 * The same on every step: not rendered again when the step changes.
 */
export const SiteFooter = memo(function SiteFooter({
  brand,
  catalog,
  today,
  language,
  topic = 'accident',
}: {
  brand: Brand;
  /** The full catalog, or a survey page's words (i18n/survey-words.ts): the footer reads only its own. */
  catalog: Pick<Catalog, 'footer'>;
  today: string;
  language: Language;
  /** §1's average settlement claim is about accidents: not shown for a traffic ticket (issue 11). */
  topic?: CaseTopic;
}) {
  const t = catalog.footer;
  const links = [
    { href: SITE_PATHS.privacyPolicy, label: t.privacy },
    { href: SITE_PATHS.termsOfUse, label: t.terms },
    { href: SITE_PATHS.optOut, label: t.doNotSell },
    ...(brand.showSponsors ? [{ href: SITE_PATHS.sponsors, label: t.sponsors }] : []),
  ];
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label={t.linksLabel}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={sitePath(link.href, language)}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__secure">{t.secure}</p>
      <p>{brand.footerNote[language]}</p>
      <p>{t.advertisement}</p>
      <p>
        {t.attorneyAdvertising}
        {topic === 'accident' && ` ${t.averageClaim}`}
      </p>
      <p>{t.copyright.replace('{year}', today.slice(0, 4)).replace('{brand}', brand.name)}</p>
    </footer>
  );
});
