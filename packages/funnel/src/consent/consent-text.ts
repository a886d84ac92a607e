/**
 * The consent (TCPA) text shown under the submit button, one template per language, rendered for a brand
 * and the buyers it names. The page shows it and posts it as `tcpa`; the server renders the same text for
 * the same version and flags a lead whose posted text differs (issue 9): the evidence of what the visitor
 * agreed to is the server's, not whatever a body says.
 *
 * CONSENT_TEXT_REVISION changes whenever a template's wording changes, so a stored version always names
 * the exact words shown.
 */
import type { Language } from '../lead/lead-submission';

export const CONSENT_TEXT_REVISION = 1;

export interface ConsentTextInput {
  language: Language;
  brandName: string;
  /** Buyers named in the consent (§4 one-to-one consent); empty when the text names none. */
  buyers: readonly string[];
}

/** "A", "A and B", "A, B and C" (and "y" in Spanish). */
function listOf(names: readonly string[], and: string): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1) ?? ''}`;
}

const TEMPLATES: Record<Language, (brand: string, buyers: readonly string[]) => string> = {
  en: (brand, buyers) =>
    `By clicking "Get My Free Case Review", I agree that ${brand} and its attorney partners${
      buyers.length > 0 ? `, including ${listOf(buyers, 'and')},` : ''
    } may contact me at the phone number and email I provided, including by autodialed calls, prerecorded messages and texts, about my accident claim. Consent is not a condition of any service. Message and data rates may apply.`,
  es: (brand, buyers) =>
    `Al hacer clic en "Obtener mi revisión gratuita", acepto que ${brand} y sus abogados asociados${
      buyers.length > 0 ? `, incluidos ${listOf(buyers, 'y')},` : ''
    } me contacten al teléfono y correo electrónico que proporcioné, incluso mediante llamadas automáticas, mensajes pregrabados y textos, sobre mi reclamo por el accidente. El consentimiento no es una condición para ningún servicio. Pueden aplicarse tarifas de mensajes y datos.`,
};

export function consentText(input: ConsentTextInput): string {
  return TEMPLATES[input.language](input.brandName, input.buyers);
}
