/**
 * The consent (TCPA) text shown under the submit button, one template per language, rendered for a brand
 * and the buyers it names. The page shows it and posts it as `tcpa`; the server renders the same text for
 * the same version and flags a lead whose posted text differs (issue 9): the evidence of what the visitor
 * agreed to is the server's, not whatever a body says.
 *
 * CONSENT_TEXT_REVISION changes whenever a template's wording changes, so a stored version always names
 * the exact words shown.
 */
import type { CaseTopic } from '../flows/flow-definition';
import type { Language } from '../lead/lead-submission';

/**
 * Revision 2 (issue 11): the Spanish text names the autodialer and the brand's affiliated attorneys the
 * way a US Hispanic reader understands them, says the same as the English clause for clause, and the
 * ticket flow's text is about a traffic ticket. Revision 3 (issue 28): a visitor who kept no law firm on
 * the one-to-one consent step agrees to the brand's contact only, and the text says no firm may call.
 */
export const CONSENT_TEXT_REVISION = 3;

export interface ConsentTextInput {
  language: Language;
  brandName: string;
  /** Buyers named in the consent (§4 one-to-one consent); empty when the text names none. */
  buyers: readonly string[];
  /**
   * Issue 28: the visitor was offered law firms one by one and kept none (§4 "no buyers selected shows the
   * second consent modal", then "Continue without a law firm"): no firm, affiliated or named, may call.
   */
  declinedFirms?: boolean;
  /** What the visitor is contacted about: the flow's case (issue 11). */
  topic: CaseTopic;
}

const SUBJECT: Record<Language, Record<CaseTopic, string>> = {
  en: {
    accident: 'my accident claim',
    'traffic-ticket': 'my traffic ticket',
    benefits: 'my benefits after the accident',
  },
  // "reclamo por el accidente": the claim, not the accident itself; "multa de tránsito" is the usual US term.
  es: {
    accident: 'mi reclamo por el accidente',
    'traffic-ticket': 'mi multa de tránsito',
    benefits: 'mis beneficios después del accidente',
  },
};

/** "A", "A and B", "A, B and C" (and "y" in Spanish). */
function listOf(names: readonly string[], and: string): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1) ?? ''}`;
}

/**
 * The two languages say the same thing clause for clause (issue 11). Spanish wording: "abogados afiliados"
 * (not "asociados", a firm's associate attorneys, which would make the brand sound like a law firm);
 * the autodialer named as such ("incluso mediante llamadas automáticas" read as robocalls, "incluso" as
 * "even").
 */
const TEMPLATES: Record<Language, (brand: string, buyers: readonly string[], subject: string) => string> = {
  en: (brand, buyers, subject) =>
    `By clicking "Get My Free Case Review", I agree that ${brand} and its affiliated attorneys${
      buyers.length > 0 ? `, including ${listOf(buyers, 'and')},` : ''
    } may contact me at the phone number and email address I provided, including by calls made with an automatic telephone dialing system, prerecorded messages and text messages, about ${subject}. My consent is not a condition of receiving any service. Message and data rates may apply.`,
  es: (brand, buyers, subject) =>
    `Al hacer clic en "Obtener mi revisión gratuita", acepto que ${brand} y sus abogados afiliados${
      buyers.length > 0 ? `, incluidos ${listOf(buyers, 'y')},` : ''
    } me contacten al número de teléfono y al correo electrónico que proporcioné, incluidas llamadas realizadas con un sistema de marcación automática, mensajes pregrabados y mensajes de texto, sobre ${subject}. Mi consentimiento no es condición para recibir ningún servicio. Pueden aplicarse tarifas de mensajes y datos.`,
};

/** Issue 28: the text of a visitor who kept no law firm: the brand's contact only, and no firm's. */
const NO_FIRM_TEMPLATES: Record<Language, (brand: string, subject: string) => string> = {
  en: (brand, subject) =>
    `By clicking "Get My Free Case Review", I agree that ${brand} may contact me at the phone number and email address I provided, including by calls made with an automatic telephone dialing system, prerecorded messages and text messages, about ${subject}. I chose no law firm: no law firm may contact me through ${brand}. My consent is not a condition of receiving any service. Message and data rates may apply.`,
  es: (brand, subject) =>
    `Al hacer clic en "Obtener mi revisión gratuita", acepto que ${brand} me contacte al número de teléfono y al correo electrónico que proporcioné, incluidas llamadas realizadas con un sistema de marcación automática, mensajes pregrabados y mensajes de texto, sobre ${subject}. No elegí ningún bufete de abogados: ningún bufete podrá contactarme a través de ${brand}. Mi consentimiento no es condición para recibir ningún servicio. Pueden aplicarse tarifas de mensajes y datos.`,
};

export function consentText(input: ConsentTextInput): string {
  const subject = SUBJECT[input.language][input.topic];
  if (input.declinedFirms === true) return NO_FIRM_TEMPLATES[input.language](input.brandName, subject);
  return TEMPLATES[input.language](input.brandName, input.buyers, subject);
}
