/**
 * The offline lead exchange: the pre-submit route already keeps the same data in the database (the
 * pre-submit snapshot, with the server's own IP and user agent), so with no exchange configured nothing
 * leaves the server and nothing is copied again (docs/decisions/0008-providers.md).
 */
import type { LeadExchange } from './lead-exchange';

export function createOfflineLeadExchange(): LeadExchange {
  return { storeLeadData: () => Promise.resolve('kept') };
}
