import type { Catalog } from './catalog';

/** A domain message (§5, in English) in the catalog's language; the English itself when untranslated. */
export function translateError(catalog: Catalog, message: string): string {
  return catalog.errors[message] ?? message;
}
