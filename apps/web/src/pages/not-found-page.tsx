import type { Catalog } from '../i18n/catalog';

/** Any path the funnel does not serve: answered with status 404 (web-pages on the server). */
export interface NotFoundPageProps {
  catalog: Catalog;
}

export default function NotFoundPage({ catalog }: NotFoundPageProps) {
  const t = catalog.notFound;
  return (
    <main className="thank-you" data-page="not-found">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <a className="button" href="/survey">
        {t.link}
      </a>
    </main>
  );
}
