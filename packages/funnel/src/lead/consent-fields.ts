/**
 * The one-to-one consent fields a lead carries (spec §3 "Consent fields", §9 formats): which buyers the
 * visitor was shown and left selected. Delivery reads `selected_buyers`: a lead whose `1_to_1_consent`
 * is yes goes only to buyers named there (issue 14). The page fills them on the consent variant's
 * PhoneAndBuyersConsent step; every other variant leaves them out.
 */
import { z } from 'zod';
import { machineText } from '../tracking/tracking-fields';
import { YesNoSchema } from './field-schemas';

/** §9 "Consent buyer ids joined as _id_id_ segments": "_1_2_3_", or "" for none. */
const BuyerIdsText = z
  .string()
  .max(2000)
  .regex(/^$|^(_[0-9A-Za-z-]+)+_$/, 'must be buyer ids joined as _id_id_ segments');
/** §9 "names with |"; written by the page, so invisible characters are stripped (issue 9). */
const BuyerNamesText = machineText(4000);
const Count = z.number().int().min(0).max(1000);

export const ConsentFieldsSchema = z.object({
  '1_to_1_result': machineText(200).optional(),
  '1_to_1_timeout': YesNoSchema.optional(),
  '1_to_1_dq': YesNoSchema.optional(),
  selected_buyers: BuyerIdsText.optional(),
  selected_buyer_names: BuyerNamesText.optional(),
  displayed_buyers: BuyerIdsText.optional(),
  selected_buyers_number: Count.optional(),
  selected_buyers_changed: YesNoSchema.optional(),
  all_possible_buyer_names: BuyerNamesText.optional(),
  all_possible_buyer_ids: BuyerIdsText.optional(),
  all_possible_buyers_number: Count.optional(),
  /** §3 "modal shown counts" (§4: the first modal's counter rises each time it is shown). */
  consent_modal_first_shown: Count.optional(),
  consent_modal_second_shown: Count.optional(),
});

export type ConsentFields = z.infer<typeof ConsentFieldsSchema>;
