/** A plain thank-you page (spec §2); its full design is a later issue. */
import { languageOf, readThankYouQuery } from '@app/funnel';
import { useLayoutEffect, useMemo } from 'react';
import { applyBrand, brandForHost, formatUsPhone } from '../brand/brand';
import { catalogFor } from '../i18n/use-catalog';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';

export default function ThankYouPage() {
  const brand = useMemo(() => brandForHost(window.location.host), []);
  const query = readThankYouQuery(window.location.search);
  const catalog = catalogFor(languageOf(window.location.pathname, window.location.search));
  const qualified = query.get('q') === 'y';
  const t = catalog.thankYou;

  useLayoutEffect(() => applyBrand(brand, document.documentElement), [brand]);

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
      <SiteFooter brand={brand} catalog={catalog} />
    </div>
  );
}
