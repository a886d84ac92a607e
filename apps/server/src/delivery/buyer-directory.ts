/**
 * The buyers as routing and the workers see them: read from the database and kept for a second, so a
 * lead does not cost a buyers query while an operator's pause or edit (from any process) still takes
 * effect within that second. Code inside a transaction passes it: on SQLite's one connection a read through
 * the database itself waits for the open transaction, which waits for the read (issue 32: a refusal's next bid,
 * chosen in the transaction recording the refusal, hung every write of the process).
 */
import type { BuyerConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listBuyers } from './buyer-store';

export interface BuyerDirectory {
  /** `within`: the transaction the caller is in, through which a stale list is read again. */
  all(within?: Kysely<Database>): Promise<readonly BuyerConfig[]>;
  get(key: string): Promise<BuyerConfig | undefined>;
  /** Forget the cached list (after this process changed a buyer). */
  refresh(): void;
}

export function createBuyerDirectory(db: Kysely<Database>, ttlMs = 1000): BuyerDirectory {
  /** The read in progress or done, shared by the callers outside a transaction. */
  let cached: { at: number; buyers: Promise<BuyerConfig[]> } | undefined;
  /** The last list read, by either way. */
  let latest: { at: number; buyers: BuyerConfig[] } | undefined;
  const read = (through: Kysely<Database>) =>
    listBuyers(through).then((stored) => {
      const buyers = stored.map((b) => b.config);
      latest = { at: Date.now(), buyers };
      return buyers;
    });
  const all = (within?: Kysely<Database>): Promise<readonly BuyerConfig[]> => {
    const now = Date.now();
    if (within !== undefined) {
      // Never the shared read in progress: it may be waiting for this very transaction.
      return latest && now - latest.at <= ttlMs ? Promise.resolve(latest.buyers) : read(within);
    }
    if (!cached || now - cached.at > ttlMs) {
      const buyers = read(db);
      // A failed read is not kept: the next call tries again.
      buyers.catch(() => (cached = undefined));
      cached = { at: now, buyers };
    }
    return cached.buyers;
  };
  return {
    all,
    get: async (key) => (await all()).find((b) => b.key === key),
    refresh: () => {
      cached = undefined;
      latest = undefined;
    },
  };
}
