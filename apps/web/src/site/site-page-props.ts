import type { Language } from '@app/funnel';
import type { Brand } from '../brand/brand';
import type { Catalog } from '../i18n/catalog';
import type { SiteText } from './text/site-text';

/** What every page around the survey gets from the page root (app/page-root.tsx). */
export interface SitePageProps {
  brand: Brand;
  catalog: Catalog;
  text: SiteText;
  today: string;
  /** The page's query, with its "?" (or "??"), as the visitor arrived. */
  search: string;
  language: Language;
}
