/**
 * Issue 30: leads routed `not_sent` for want of a buyer are routed again once the buyers are fixed (an
 * instance that deactivated every buyer, a cap full, a buyers file with a typo). The same routing as at
 * intake (route-lead.ts), with the buyers as they are now, inside one transaction per lead that first
 * takes the lead's `not_sent` row: two operators (or the console and the `ops` command) re-routing at once
 * route a lead once, and routing claims the contact per buyer, so no buyer is ever sold one lead twice.
 * Leads held back by a rule (disqualified, suppressed) are never re-routed, nor a contact suppressed since.
 */
import {
  REROUTABLE_REASONS,
  type BuyerConfig,
  type NotSentList,
  type RerouteResult,
  type RerouteSummary,
} from '@app/funnel';
import type { Kysely } from 'kysely';
import type { LookupKeys } from '../db/lookup-keys';
import type { Database } from '../db/schema';
import { isSuppressed } from '../db/suppression-store';
import { contactOf, loadDeliveryLead } from './delivery-lead';
import type { DeliveryQueue } from './job-queue';
import { routeLead, type RoutingSettings } from './route-lead';

/** By default, leads decided within the last day: a buyer pays for speed, an old lead is the operator's call. */
export const DEFAULT_REROUTE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Leads re-routed by one call; the answer says when more remain. */
export const REROUTE_BATCH = 500;

export interface RerouteContext {
  buyers: () => Promise<readonly BuyerConfig[]>;
  settings: RoutingSettings;
  queue: DeliveryQueue;
  keys: LookupKeys;
  now: () => Date;
}

export function rerouteSince(since: string | undefined, now: Date): string {
  return new Date(since ?? now.getTime() - DEFAULT_REROUTE_WINDOW_MS).toISOString();
}

function notSentQuery(db: Kysely<Database>, since: string) {
  return db
    .selectFrom('lead_routing')
    .where('outcome', '=', 'not_sent')
    .where('reason', 'in', REROUTABLE_REASONS)
    .where('decided_at', '>=', since);
}

/** The leads a re-route from `since` would take, oldest first. */
export async function listNotSent(db: Kysely<Database>, since: string, limit = REROUTE_BATCH): Promise<NotSentList> {
  const [leads, total] = await Promise.all([
    notSentQuery(db, since)
      .select(['lead_id', 'lead_source', 'decided_at', 'reason'])
      .orderBy('decided_at')
      .limit(limit)
      .execute(),
    notSentQuery(db, since)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .executeTakeFirst(),
  ]);
  return { since, total: Number(total?.count ?? 0), leads };
}

class AlreadyTaken extends Error {}

/** One lead routed again; `skipped` with the reason when it may not be. */
export async function rerouteLead(
  db: Kysely<Database>,
  leadId: string,
  context: RerouteContext,
): Promise<RerouteResult> {
  const skipped = (reason: string): RerouteResult => ({ lead_id: leadId, outcome: 'skipped', reason, buyers: [] });
  const routing = await db.selectFrom('lead_routing').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  if (!routing) return skipped('the lead has no routing decision');
  if (routing.outcome !== 'not_sent') return skipped('the lead is already routed');
  if (!REROUTABLE_REASONS.includes(routing.reason)) return skipped(`not sent by rule: ${routing.reason}`);
  const lead = await loadDeliveryLead(db, routing);
  if (!lead) return skipped('the lead is no longer stored');
  if (await isSuppressed(db, contactOf(lead))) return skipped('the contact is suppressed');
  const buyers = await context.buyers();
  const now = context.now();
  return db
    .transaction()
    .execute(async (trx): Promise<RerouteResult> => {
      // Taking the not_sent row first: a second re-route of this lead finds it gone (and waits on PostgreSQL
      // until this one commits), so the lead is routed once.
      const taken = await trx
        .deleteFrom('lead_routing')
        .where('lead_id', '=', leadId)
        .where('outcome', '=', 'not_sent')
        .executeTakeFirst();
      if (taken.numDeletedRows === 0n) throw new AlreadyTaken();
      const result = await routeLead(trx, {
        leadId,
        source: routing.lead_source,
        lead,
        buyers,
        settings: context.settings,
        queue: context.queue,
        keys: context.keys,
        now,
      });
      return {
        lead_id: leadId,
        outcome: result.outcome,
        reason: result.reason,
        buyers: result.jobs.map((j) => j.buyer),
      };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyTaken) return skipped('re-routed meanwhile');
      throw error;
    });
}

/** Every re-routable lead decided since `since` (one batch), oldest first. */
export async function rerouteNotSent(
  db: Kysely<Database>,
  since: string,
  context: RerouteContext,
): Promise<RerouteSummary> {
  const list = await listNotSent(db, since);
  const results: RerouteResult[] = [];
  for (const lead of list.leads) results.push(await rerouteLead(db, lead.lead_id, context));
  const counted = (outcome: RerouteResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return {
    since,
    routed: counted('routed'),
    notSent: counted('not_sent'),
    skipped: counted('skipped'),
    more: list.total > list.leads.length,
    results,
  };
}
