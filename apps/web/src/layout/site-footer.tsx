import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';

export function SiteFooter({ brand, catalog }: { brand: Brand; catalog: Catalog }) {
  return (
    <footer className="site-footer">
      <p>{catalog.footer.advertisement}</p>
      <p>
        {catalog.footer.attorneyAdvertising} {catalog.footer.averageClaim}
      </p>
      <p>{catalog.footer.copyright(new Date().getFullYear(), brand.name)}</p>
    </footer>
  );
}
