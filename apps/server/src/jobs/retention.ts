/**
 * Retention (issue 9): once a day, leads older than RETENTION_MONTHS (24 by default) lose their personal
 * data: names, email, phone, address, date of birth, description, IP, user agent, consent-certificate
 * ids and ad click ids are blanked in the columns and in the stored JSON, and the landing URL keeps its
 * path only. What is left (variant, state, dates, answers, verdict, tracking sub ids) still counts for
 * reports. Older progress snapshots (pre-submit evidence with IPs) and validation results are deleted,
 * and expired counters and SMS codes with them. Idempotent: several instances may run it.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { parseJson } from '../db/parse-json';
import type { Database } from '../db/schema';
import { deleteExpiredSmsCodes } from '../db/sms-code-store';
import { deleteExpiredCounters } from '../db/usage-counter-store';
import type { Services } from '../services';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;
const BATCH = 200;

/** Fields of a stored lead (JSON) that name or locate a person. */
export const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'date_of_birth',
  'case_description',
  'ip_address',
  'user_agent',
  'page_referer',
  'trusted_form_cert_id',
  'trustedform_cert_url',
  'leadid_token',
  'click_id',
  'gclid',
  'fbclid',
] as const;

export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

function withoutQuery(url: string): string {
  if (!URL.canParse(url)) return '';
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The stored JSON with every personal field blanked. */
function anonymizedJson(json: string): string {
  const value = parseJson(json);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '{}';
  const copy: Record<string, unknown> = { ...value };
  for (const field of PERSONAL_FIELDS) if (field in copy) copy[field] = '';
  if (typeof copy.landing_page_url === 'string') copy.landing_page_url = withoutQuery(copy.landing_page_url);
  return JSON.stringify(copy);
}

/** Handles rows a batch at a time until a batch comes back short; answers how many were handled. */
async function inBatches<Row>(next: () => Promise<Row[]>, handle: (row: Row) => Promise<void>): Promise<number> {
  let handled = 0;
  for (;;) {
    const rows = await next();
    for (const row of rows) await handle(row);
    handled += rows.length;
    if (rows.length < BATCH) return handled;
  }
}

export interface RetentionReport {
  leads: number;
  ingestedLeads: number;
}

export async function runRetention(db: Kysely<Database>, now: Date, months: number): Promise<RetentionReport> {
  const cutoff = retentionCutoff(now, months).toISOString();
  const at = now.toISOString();
  const report: RetentionReport = { leads: 0, ingestedLeads: 0 };

  report.leads = await inBatches(
    () =>
      db
        .selectFrom('leads')
        .select(['id', 'submission', 'lead', 'landing_page_url'])
        .where('received_at', '<', cutoff)
        .where('anonymized_at', 'is', null)
        .limit(BATCH)
        .execute(),
    async (row) => {
      await db
        .updateTable('leads')
        .set({
          email: '',
          phone: '',
          ip_address: '',
          user_agent: '',
          trusted_form_cert_id: '',
          jornaya_leadid: '',
          landing_page_url: withoutQuery(row.landing_page_url),
          submission: anonymizedJson(row.submission),
          lead: anonymizedJson(row.lead),
          anonymized_at: at,
        })
        .where('id', '=', row.id)
        .execute();
    },
  );
  report.ingestedLeads = await inBatches(
    () =>
      db
        .selectFrom('ingested_leads')
        .select(['id', 'body'])
        .where('received_at', '<', cutoff)
        .where('anonymized_at', 'is', null)
        .limit(BATCH)
        .execute(),
    async (row) => {
      await db
        .updateTable('ingested_leads')
        .set({ body: anonymizedJson(row.body), anonymized_at: at })
        .where('id', '=', row.id)
        .execute();
    },
  );

  await db.deleteFrom('progress_snapshots').where('received_at', '<', cutoff).execute();
  await db.deleteFrom('validation_results').where('created_at', '<', cutoff).execute();
  await deleteExpiredCounters(db, now);
  await deleteExpiredSmsCodes(db, now);
  return report;
}

/** Runs the job once the server is up, then every day; stops with the app. */
export function scheduleRetention(app: FastifyInstance, services: Services): void {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runRetention(services.db, services.now(), services.config.RETENTION_MONTHS).then(
      (report) => app.log.info(report, 'retention: personal data removed from old leads'),
      (error: unknown) =>
        app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'retention job failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    run();
    timer = setInterval(run, RETENTION_INTERVAL_MS);
    timer.unref();
  });
  // The database closes after the app: a run in progress finishes first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
