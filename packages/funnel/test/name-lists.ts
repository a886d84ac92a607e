/**
 * Real names in the languages US visitors bring (issue 27), from @faker-js/faker's locale data: the
 * generator of the §5 block list (scripts/generate-known-names.ts) and the name tests read the same lists.
 */
import type { allLocales } from '@faker-js/faker';

/**
 * Vietnamese, Spanish, Portuguese, Polish, Turkish, the Nordic languages, and the other languages of
 * large US communities that faker has names for (Tagalog and Chinese romanisations it has not).
 */
export const FAKER_NAME_LOCALES = [
  'vi',
  'es',
  'es_MX',
  'pt_BR',
  'pt_PT',
  'pl',
  'tr',
  'nb_NO',
  'sv',
  'da',
  'fi',
  'de',
  'fr',
  'it',
  'nl',
  'cs_CZ',
  'sk',
  'hu',
  'ro',
  'hr',
  'sr_RS_latin',
  'lv',
  'az',
  'uz_UZ_latin',
  'ru',
  'uk',
  'el',
  'he',
  'ar',
  'fa',
  'ko',
  'ja',
  'zh_CN',
  'yo_NG',
  'en_NG',
  'en_IN',
] as const;

export type FakerLocale = (typeof FAKER_NAME_LOCALES)[number];

/** A faker name list: one list, or lists by sex ({generic, female, male}). */
function namesIn(list: unknown): string[] {
  if (Array.isArray(list)) return list.filter((name): name is string => typeof name === 'string');
  if (typeof list !== 'object' || list === null) return [];
  return Object.values(list).flatMap(namesIn);
}

export interface NameLists {
  given: string[];
  surnames: string[];
}

/** The given names and surnames of one locale, or of all of FAKER_NAME_LOCALES. */
export function fakerNames(locales: typeof allLocales, only?: FakerLocale): NameLists {
  const given = new Set<string>();
  const surnames = new Set<string>();
  for (const locale of only === undefined ? FAKER_NAME_LOCALES : [only]) {
    const person = locales[locale].person;
    for (const name of namesIn(person?.first_name)) given.add(name);
    for (const name of namesIn(person?.last_name)) surnames.add(name);
  }
  return { given: [...given], surnames: [...surnames] };
}
