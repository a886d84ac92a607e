/**
 * Whose consent a survey's last step asks: the language and the brand. The forms chunk renders the text
 * from the domain's template (packages/funnel consent/consent-text.ts, which the server versions), with
 * the buyers the visitor consents to when there are any.
 */
import { consentText, type ConsentTextInput } from '@app/funnel';

export type ConsentSubject = Omit<ConsentTextInput, 'buyers' | 'declinedFirms'>;

/** `declinedFirms`: the visitor was offered law firms one by one and kept none (issue 28). */
export function consentTextOf(subject: ConsentSubject, buyers: readonly string[] = [], declinedFirms = false): string {
  return consentText({ ...subject, buyers, declinedFirms });
}
