/**
 * The buyers as routing and the workers see them: read from the database and kept for a second, so a
 * lead does not cost a buyers query while an operator's pause or edit (from any process) still takes
 * effect within that second.
 */
import type { BuyerConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listBuyers } from './buyer-store';

export interface BuyerDirectory {
  all(): Promise<readonly BuyerConfig[]>;
  get(key: string): Promise<BuyerConfig | undefined>;
  /** Forget the cached list (after this process changed a buyer). */
  refresh(): void;
}

export function createBuyerDirectory(db: Kysely<Database>, ttlMs = 1000): BuyerDirectory {
  let cached: { at: number; buyers: Promise<BuyerConfig[]> } | undefined;
  const all = () => {
    const now = Date.now();
    if (!cached || now - cached.at > ttlMs) {
      const buyers = listBuyers(db).then((stored) => stored.map((b) => b.config));
      // A failed read is not kept: the next call tries again.
      buyers.catch(() => (cached = undefined));
      cached = { at: now, buyers };
    }
    return cached.buyers;
  };
  return {
    all,
    get: async (key) => (await all()).find((b) => b.key === key),
    refresh: () => (cached = undefined),
  };
}
