/**
 * The Sponsors page's firms (spec §2 /sponsors; issue 28): the buyers a lead can be sent to, from the same
 * data as routing and the consent step, under the names the consent step shows, with where each takes
 * cases. The server hands them to the page's renderer (api/page-render.ts).
 */
import { z } from 'zod';
import type { BuyerConfig } from './buyer-config';

export const SponsorSchema = z.object({
  name: z.string().min(1),
  /** Two-letter state codes, or null when the firm takes cases in every state. */
  states: z.array(z.string()).nullable(),
});
export type Sponsor = z.infer<typeof SponsorSchema>;

/**
 * The active buyers as sponsors, one entry per name (a firm with several buyer entries is listed once,
 * with every state its entries take), by name.
 */
export function sponsorsOf(buyers: readonly Pick<BuyerConfig, 'name' | 'states' | 'active'>[]): Sponsor[] {
  const byName = new Map<string, Sponsor>();
  for (const buyer of buyers) {
    if (!buyer.active) continue;
    const known = byName.get(buyer.name);
    const states = buyer.states ? [...buyer.states] : null;
    if (!known) byName.set(buyer.name, { name: buyer.name, states });
    else if (known.states !== null)
      known.states = states === null ? null : [...new Set([...known.states, ...states])].sort();
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
