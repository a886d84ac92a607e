import { callNumberFor, SITE_PATHS, type Language } from '@app/funnel';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import { SiteFooter, sitePath } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';

/**
 * Any path the funnel does not serve, and /sponsors on a brand that hides it (§1): answered with status
 * 404 (web-pages on the server), in the page's language (lang=es, docs/spec-decisions.md), with the
 * header and footer of every page.
 */
export interface NotFoundPageProps {
  brand: Brand;
  catalog: Catalog;
  today: string;
  language: Language;
  search: string;
}

export default function NotFoundPage({ brand, catalog, today, language, search }: NotFoundPageProps) {
  const t = catalog.notFound;
  return (
    <div className="page" data-page="not-found">
      <SiteHeader
        brand={brand}
        phone={callNumberFor(brand, { search })}
        callText={catalog.ui.callInstead}
        homeHref={sitePath(SITE_PATHS.landing, language)}
      />
      <main className="thank-you" id="main">
        <h1>{t.title}</h1>
        <p>{t.text}</p>
        <a className="button button--primary" href={language === 'es' ? '/survey/es' : '/survey'}>
          {t.link}
        </a>
      </main>
      <SiteFooter brand={brand} catalog={catalog} today={today} language={language} />
    </div>
  );
}
