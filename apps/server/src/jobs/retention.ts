/**
 * Retention (issue 9): once a day, leads older than RETENTION_MONTHS (24 by default) lose their personal
 * data: names, email, phone, address, date of birth, description, IP, user agent, consent-certificate
 * ids and ad click ids are blanked in the columns and in the stored JSON, and the landing URL keeps its
 * path only. What is left (variant, state, dates, answers, verdict, tracking sub ids) still counts for
 * reports. Issue 29: every table holding personal data is covered, from the one list
 * (privacy/personal-data-tables.ts): quarantined bodies, progress snapshots, validation results, buyers'
 * answers, audit values, decided privacy forms, expired counters and SMS codes. Idempotent: several
 * instances may run it.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { erasePersonalData, type ErasureReport } from '../privacy/personal-data-tables';
import type { Services } from '../services';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export type RetentionReport = ErasureReport;

/** Every table of the list (privacy/personal-data-tables.ts) erased of what is older than the cutoff. */
export async function runRetention(db: Kysely<Database>, now: Date, months: number): Promise<RetentionReport> {
  const before = retentionCutoff(now, months).toISOString();
  return erasePersonalData(db, { kind: 'retention', before, now });
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
