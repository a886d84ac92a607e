import type { Language } from '@app/funnel';
import type { Catalog } from './catalog';
import { en } from './en';

/** English is the only catalog so far; Spanish arrives with the Spanish survey (spec §1). */
export function catalogFor(_language: Language): Catalog {
  return en;
}

export function translateError(catalog: Catalog, message: string): string {
  return catalog.errors[message] ?? message;
}
