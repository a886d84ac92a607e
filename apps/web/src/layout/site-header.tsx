import { memo } from 'react';
import { formatUsPhone, type Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';

/** The same on every step: not rendered again when the step changes. */
/** `catalog`: the full catalog, or a survey page's words (i18n/survey-words.ts). */
export const SiteHeader = memo(function SiteHeader({
  brand,
  catalog,
}: {
  brand: Brand;
  catalog: { ui: Pick<Catalog['ui'], 'callInstead'> };
}) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <span className="site-header__brand">{brand.name}</span>
        <a className="site-header__call" href={`tel:+1${brand.phone}`}>
          <span className="site-header__call-text">{catalog.ui.callInstead} </span>
          <strong>{formatUsPhone(brand.phone)}</strong>
        </a>
      </div>
    </header>
  );
});
