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
import { anonymizeLeads } from '../db/anonymize-leads';
import type { Database } from '../db/schema';
import { deleteExpiredSmsCodes } from '../db/sms-code-store';
import { deleteExpiredSmsVerifications } from '../db/sms-verification-store';
import { deleteExpiredCounters } from '../db/usage-counter-store';
import type { Services } from '../services';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export interface RetentionReport {
  leads: number;
  ingestedLeads: number;
}

export async function runRetention(db: Kysely<Database>, now: Date, months: number): Promise<RetentionReport> {
  const cutoff = retentionCutoff(now, months).toISOString();
  const report = await anonymizeLeads(db, { receivedBefore: cutoff }, now);
  await db.deleteFrom('progress_snapshots').where('received_at', '<', cutoff).execute();
  await db.deleteFrom('validation_results').where('created_at', '<', cutoff).execute();
  await deleteExpiredCounters(db, now);
  await deleteExpiredSmsCodes(db, now);
  await deleteExpiredSmsVerifications(db, now);
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
