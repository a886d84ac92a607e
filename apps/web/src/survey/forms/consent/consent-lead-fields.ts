/**
 * The §3 consent fields a lead carries on the one-to-one consent path (issue 13), and the names its consent
 * text gives: from the buyers found and the visitor's choice on the consent step. Asked of the flow: only a
 * walk that ends on a 'choose-buyers' step carries them; the routine's timeout is kept on every consent walk.
 */
import { consentBuyerFields, consentOutcome, type Buyer, type ConsentFields, type FlowDefinition } from '@app/funnel';
import type { ConsentState } from '../../consent-state';

export interface ConsentLeadPart {
  fields: ConsentFields;
  /** The buyers the consent text names (the ones kept), or none. */
  names: string[];
  /** Issue 28: firms were offered one by one and the visitor kept none. */
  declined: boolean;
}

export function consentLeadPart(
  flow: FlowDefinition,
  path: readonly string[],
  consent: ConsentState | undefined,
): ConsentLeadPart {
  if (!consent?.buyers) return { fields: {}, names: [], declined: false };
  const buyers = consent.buyers;
  const last = flow.steps.find((s) => s.id === path[path.length - 1]);
  if (last?.consent !== 'choose-buyers' || !consent.choice)
    return { fields: { '1_to_1_timeout': buyers.timeout }, names: [], declined: false };
  const keys = consent.choice.selected;
  const selected: Buyer[] = buyers.displayed.filter((b) => keys.includes(b.ids.join('_')));
  return {
    fields: {
      '1_to_1_timeout': buyers.timeout,
      ...consentOutcome(selected.length, buyers.displayed.length),
      ...consentBuyerFields(buyers, selected),
      consent_modal_first_shown: consent.choice.modals.first,
      consent_modal_second_shown: consent.choice.modals.second,
    },
    names: selected.map((b) => b.name),
    declined: buyers.displayed.length > 0 && selected.length === 0,
  };
}
