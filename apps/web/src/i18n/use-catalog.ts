import type { Language } from '@app/funnel';
import type { Catalog } from './catalog';
import { en } from './en';
import { es } from './es';

/** §1: Spanish on the Spanish paths (and lang=es thank-you pages); English otherwise. */
export function catalogFor(language: Language): Catalog {
  return language === 'es' ? es : en;
}

export function translateError(catalog: Catalog, message: string): string {
  return catalog.errors[message] ?? message;
}
