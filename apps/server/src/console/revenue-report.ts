/**
 * Revenue per lead and per visitor (issue 32 "Console") by variant, brand, language, affiliate or day, over
 * a period. Revenue is the price actually paid: the sum of the accepted delivery jobs' price_cents (a job
 * posting an auction bid carries the bid's price, a direct post the buyer's fixed price). Leads are those
 * received in the period (their brand: the brand of the consent text the server rendered for them);
 * visitors are the sessions whose first step snapshot falls in the period, as the funnel analytics count
 * them (funnel-analytics.ts), with the variant, brand and language the server read. A visitor's steps do
 * not record the affiliate: by affid, visitors are not known (null). SQLite and PostgreSQL alike.
 */
import { periodStart, revenueRates, type ReportPeriod, type RevenueDimension, type RevenueReport } from '@app/funnel';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

interface Counted {
  visitors: number | null;
  leads: number;
  sold: number;
  revenueCents: number;
}

async function visitorsBy(db: Kysely<Database>, by: RevenueDimension, since: string) {
  if (by === 'affid') return null;
  const sessions = db
    .selectFrom('step_snapshots')
    .select((eb) => [
      'session',
      eb.fn.min('received_at').as('started'),
      eb.fn.min('variant').as('variant'),
      eb.fn.min('brand').as('brand'),
      eb.fn.min('language').as('language'),
    ])
    .groupBy('session')
    .having((eb) => eb.fn.min('received_at'), '>=', since)
    .as('s');
  const key = by === 'day' ? sql<string>`substr(s.started, 1, 10)` : sql<string>`${sql.ref(`s.${by}`)}`;
  const rows = await db
    .selectFrom(sessions)
    .select((eb) => [key.as('key'), eb.fn.countAll<string | number>().as('n')])
    .groupBy(key)
    .execute();
  return new Map(rows.map((r) => [String(r.key ?? ''), Number(r.n)]));
}

async function leadsBy(db: Kysely<Database>, by: RevenueDimension, since: string) {
  const paid = db
    .selectFrom('delivery_jobs')
    .select((eb) => ['lead_id', eb.fn.sum<string | number>('price_cents').as('cents')])
    .where('status', '=', 'accepted')
    .where('lead_source', '=', 'lead')
    .groupBy('lead_id')
    .as('paid');
  const key =
    by === 'day'
      ? sql<string>`substr(leads.received_at, 1, 10)`
      : by === 'brand'
        ? sql<string>`coalesce(consent_versions.brand, '')`
        : sql<string>`${sql.ref(`leads.${by}`)}`;
  return db
    .selectFrom('leads')
    .leftJoin('consent_versions', 'consent_versions.id', 'leads.consent_version')
    .leftJoin(paid, 'paid.lead_id', 'leads.id')
    .select((eb) => [
      key.as('key'),
      eb.fn.countAll<string | number>().as('leads'),
      eb.fn.sum<string | number>(eb.case().when('paid.cents', '>', 0).then(1).else(0).end()).as('sold'),
      eb.fn.coalesce(eb.fn.sum<string | number | null>('paid.cents'), eb.lit(0)).as('revenue'),
    ])
    .where('leads.received_at', '>=', since)
    .groupBy(key)
    .execute();
}

function withRates(key: string, counted: Counted) {
  return { key, ...counted, ...revenueRates(counted) };
}

export async function revenueReport(
  db: Kysely<Database>,
  query: { period: ReportPeriod; by: RevenueDimension },
  now: Date,
): Promise<RevenueReport> {
  const since = periodStart(query.period, now).toISOString();
  const visitors = await visitorsBy(db, query.by, since);
  const leads = await leadsBy(db, query.by, since);
  const rows = new Map<string, Counted>();
  for (const [key, n] of visitors ?? []) rows.set(key, { visitors: n, leads: 0, sold: 0, revenueCents: 0 });
  for (const row of leads) {
    const key = String(row.key ?? '');
    rows.set(key, {
      visitors: visitors === null ? null : (visitors.get(key) ?? 0),
      leads: Number(row.leads),
      sold: Number(row.sold),
      revenueCents: Number(row.revenue),
    });
  }
  const list = [...rows].map(([key, counted]) => withRates(key, counted));
  if (query.by === 'day') list.sort((a, b) => b.key.localeCompare(a.key));
  else list.sort((a, b) => b.revenueCents - a.revenueCents || b.leads - a.leads || a.key.localeCompare(b.key));
  const sum = (pick: (row: Counted) => number) => list.reduce((total, row) => total + pick(row), 0);
  const total = withRates('', {
    visitors: visitors === null ? null : sum((r) => r.visitors ?? 0),
    leads: sum((r) => r.leads),
    sold: sum((r) => r.sold),
    revenueCents: sum((r) => r.revenueCents),
  });
  return { period: query.period, since, by: query.by, rows: list, total };
}
