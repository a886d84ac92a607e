import { memo } from 'react';
import type { CaseTopic } from '@app/funnel';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';

/** `today` is the page's day (YYYY-MM-DD, app/page-data.ts), so the server and the browser show one year. */
/** The same on every step: not rendered again when the step changes. */
export const SiteFooter = memo(function SiteFooter({
  brand,
  catalog,
  today,
  topic = 'accident',
}: {
  brand: Brand;
  catalog: Catalog;
  today: string;
  /** §1's average settlement claim is about accidents: not shown for a traffic ticket (issue 11). */
  topic?: CaseTopic;
}) {
  return (
    <footer className="site-footer">
      <p>{catalog.footer.advertisement}</p>
      <p>
        {catalog.footer.attorneyAdvertising}
        {topic === 'accident' && ` ${catalog.footer.averageClaim}`}
      </p>
      <p>{catalog.footer.copyright(Number(today.slice(0, 4)), brand.name)}</p>
    </footer>
  );
});
