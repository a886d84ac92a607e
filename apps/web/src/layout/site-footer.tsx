import { memo } from 'react';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';

/** `today` is the page's day (YYYY-MM-DD, app/page-data.ts), so the server and the browser show one year. */
/** The same on every step: not rendered again when the step changes. */
export const SiteFooter = memo(function SiteFooter({
  brand,
  catalog,
  today,
}: {
  brand: Brand;
  catalog: Catalog;
  today: string;
}) {
  return (
    <footer className="site-footer">
      <p>{catalog.footer.advertisement}</p>
      <p>
        {catalog.footer.attorneyAdvertising} {catalog.footer.averageClaim}
      </p>
      <p>{catalog.footer.copyright(Number(today.slice(0, 4)), brand.name)}</p>
    </footer>
  );
});
