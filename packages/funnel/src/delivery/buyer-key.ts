/**
 * Our own name for a buyer (issue 28), in a module of its own: the consent lists (consent-lists.ts), which
 * the browser's buyers call names, need it without the buyer configuration's schemas (buyer-config.ts,
 * with the lead record and the auction's pings), which the browser never reads (issue 33 item 3: every
 * schema the browser imports is built when its chunk is evaluated, in one task).
 */
import { z } from 'zod';

/** Our own name for a buyer: a stable slug used in job rows, idempotency keys and logs. */
export const BuyerKeySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'A buyer key is 1 to 63 lower-case letters, digits or "-"');
