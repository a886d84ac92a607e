import { formatUsPhone, formatUsPhoneE164 } from '@app/funnel';
import { memo } from 'react';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';

interface SiteHeaderProps {
  brand: Brand;
  /** The full catalog, or a survey page's words (i18n/survey-words.ts). */
  catalog: { ui: Pick<Catalog['ui'], 'callInstead'> };
  /** §3: the call-tracking number (ten digits) when the page has one; the brand's default otherwise. */
  phone?: string;
}

/** The same on every step: not rendered again when the step changes. */
export const SiteHeader = memo(function SiteHeader({ brand, catalog, phone = brand.phone }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <span className="site-header__brand">{brand.name}</span>
        <a className="site-header__call" href={`tel:${formatUsPhoneE164(phone)}`}>
          <span className="site-header__call-text">{catalog.ui.callInstead} </span>
          <strong>{formatUsPhone(phone)}</strong>
        </a>
      </div>
    </header>
  );
});
