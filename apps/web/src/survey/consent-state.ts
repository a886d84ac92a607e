/** Issue 13, §3 "Consent state": what the survey keeps of the one-to-one consent between steps. */
import type { ConsentBuyers, ConsentModalCounts } from '@app/funnel';

export interface ConsentState {
  /** The buyers found by the consent routine (§4), or null when the routine itself failed (§8). */
  buyers: ConsentBuyers | null;
  /** Once the consent step is answered: the buyers kept (their `_id_id_` keys) and the modal counts. */
  choice?: { selected: string[]; modals: ConsentModalCounts };
}
