/** A plain thank-you page (spec §2); its full design is a later issue. */
import { readThankYouQuery } from '@app/funnel';
import { useEffect } from 'react';
import { removePersonalQuery } from '../app/remove-personal-query';
import { formatUsPhone, type Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';

export interface ThankYouPageProps {
  brand: Brand;
  catalog: Catalog;
  search: string;
  today: string;
}

export default function ThankYouPage({ brand, catalog, search, today }: ThankYouPageProps) {
  const qualified = readThankYouQuery(search).get('q') === 'y';
  const t = catalog.thankYou;
  // Issue 11: read, then out of the address bar (the page renders from `search`, kept by the app).
  useEffect(() => removePersonalQuery(window.location, window.history), []);
  return (
    <div className="page">
      <SiteHeader brand={brand} catalog={catalog} />
      <main className="thank-you" data-qualified={qualified ? 'yes' : 'no'}>
        <h1>{qualified ? t.title : t.disqualifiedTitle}</h1>
        <p>{qualified ? t.worth : t.disqualifiedText}</p>
        {qualified && (
          <>
            <h2>{t.nextStepsTitle}</h2>
            <ol className="next-steps">
              {t.nextSteps.map((s) => (
                <li key={s.title}>
                  <strong>{s.title}</strong> {s.text}
                </li>
              ))}
            </ol>
          </>
        )}
        <a className="button" href={`tel:+1${brand.phone}`}>
          {t.reviewButton}: {formatUsPhone(brand.phone)}
        </a>
      </main>
      <SiteFooter brand={brand} catalog={catalog} today={today} />
    </div>
  );
}
