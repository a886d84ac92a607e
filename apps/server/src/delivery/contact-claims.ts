/**
 * Duplicates (issue 14): a buyer never gets a lead whose phone or email it received within its window
 * (default 30 days). When a lead is routed to a buyer it claims the buyer's keys for its email and
 * phone, in the lead's own transaction; another lead with either contact finds the claim and is not
 * sent there. The upsert only takes over a claim older than the window, and concurrent claims of one
 * key wait for each other (a unique key), so two leads of one person never both go to one buyer. A
 * delivery that ends without a sale (rejected, duplicate, dead, skipped) gives its claims back.
 *
 * Keys are the contact's lookup keys (HMAC-SHA256 with the server's secret, db/lookup-keys.ts; issue 9: a
 * plain hash of a phone number is reversed by trying every number), never the raw email or phone.
 */
import type { Kysely } from 'kysely';
import { builtOncePerCount, rowSlot, rowValues } from '../db/built-once';
import type { LookupKeys } from '../db/lookup-keys';
import type { Database } from '../db/schema';

export function contactKeys(keys: LookupKeys, contact: { email: string; phone: string }): string[] {
  return [
    ...(contact.email ? [`email:${keys.of('email', contact.email)}`] : []),
    ...(contact.phone ? [`phone:${keys.of('phone', contact.phone)}`] : []),
  ];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Claims every key for the lead at this buyer, or none: false when one is held by another lead within
 * the window (the lead is a duplicate for this buyer). Run inside the lead's transaction.
 */
export async function claimContacts(
  trx: Kysely<Database>,
  claim: { buyerKey: string; keys: readonly string[]; leadId: string; now: Date; windowDays: number },
): Promise<boolean> {
  if (claim.keys.length === 0) return true;
  const cutoff = new Date(claim.now.getTime() - claim.windowDays * DAY_MS).toISOString();
  const claimedAt = claim.now.toISOString();
  const upsert = claimBuiltOnce(claim.keys.length);
  const rows = upsert
    ? (
        await upsert(
          trx,
          rowValues(
            claim.keys.map((key) => ({ contact_key: key })),
            { buyerKey: claim.buyerKey, leadId: claim.leadId, claimedAt, cutoff },
          ),
        )
      ).rows
    : await claimUpsert(trx, claim.buyerKey, claim.keys, claim.leadId, claimedAt, cutoff).execute();
  if (rows.length === claim.keys.length) return true;
  await releaseContacts(trx, {
    buyerKey: claim.buyerKey,
    leadId: claim.leadId,
    keys: rows.map((r) => r.contact_key),
  });
  return false;
}

/**
 * Every key in one upsert (issue 15: one round trip per buyer instead of one per key); a key held by
 * another lead within the window returns no row, and then the keys this statement took are given back.
 */
function claimUpsert(
  trx: Kysely<Database>,
  buyerKey: string,
  keys: readonly string[],
  leadId: string,
  claimedAt: string,
  cutoff: string,
) {
  return trx
    .insertInto('delivery_contact_claims')
    .values(keys.map((key) => ({ buyer_key: buyerKey, contact_key: key, lead_id: leadId, claimed_at: claimedAt })))
    .onConflict((oc) =>
      oc
        .columns(['buyer_key', 'contact_key'])
        .doUpdateSet((eb) => ({ lead_id: eb.ref('excluded.lead_id'), claimed_at: eb.ref('excluded.claimed_at') }))
        .where((eb) =>
          eb.or([
            eb('delivery_contact_claims.claimed_at', '<', cutoff),
            eb('delivery_contact_claims.lead_id', '=', leadId),
          ]),
        ),
    )
    .returning('contact_key');
}

/** The upsert for one to four keys, built and compiled once for each count (db/built-once.ts, issue 15). */
const claimBuiltOnce = builtOncePerCount(4, (trx, slot, count) =>
  claimUpsert(
    trx,
    slot.text('buyerKey'),
    Array.from({ length: count }, (_, i) => slot.text(rowSlot(i, 'contact_key'))),
    slot.text('leadId'),
    slot.text('claimedAt'),
    slot.text('cutoff'),
  ),
);

/** Gives back a lead's claims at a buyer (all of them, or the keys given). */
export async function releaseContacts(
  db: Kysely<Database>,
  release: { buyerKey: string; leadId: string; keys?: readonly string[] },
): Promise<void> {
  if (release.keys?.length === 0) return;
  let query = db
    .deleteFrom('delivery_contact_claims')
    .where('buyer_key', '=', release.buyerKey)
    .where('lead_id', '=', release.leadId);
  if (release.keys) query = query.where('contact_key', 'in', [...release.keys]);
  await query.execute();
}

/**
 * Issue 32: the buyers among these that already hold one of the contact's keys within their window (for
 * another lead): an auction never pings them. A read; the claim itself is taken only when a bid is posted.
 */
export async function buyersHoldingContact(
  db: Kysely<Database>,
  query: { keys: readonly string[]; buyers: readonly { key: string; windowDays: number }[]; leadId: string; now: Date },
): Promise<Set<string>> {
  if (query.keys.length === 0 || query.buyers.length === 0) return new Set();
  const rows = await db
    .selectFrom('delivery_contact_claims')
    .select(['buyer_key', 'claimed_at'])
    .where('contact_key', 'in', [...query.keys])
    .where(
      'buyer_key',
      'in',
      query.buyers.map((b) => b.key),
    )
    .where('lead_id', '!=', query.leadId)
    .execute();
  const held = new Set<string>();
  for (const buyer of query.buyers) {
    const cutoff = query.now.getTime() - buyer.windowDays * DAY_MS;
    if (rows.some((r) => r.buyer_key === buyer.key && Date.parse(r.claimed_at) >= cutoff)) held.add(buyer.key);
  }
  return held;
}
