/**
 * `npm run seed:demo [-- --visitors N] [--days D] [--seed S]` (issue 16): fills the configured database
 * (SQLite in DATA_DIR by default, PostgreSQL with DATABASE_URL) with a demo: the sample experiments
 * (config/sample-experiments.json), visitors over the last days who land on funnel paths (assigned an arm
 * where an experiment runs), walk the flow through the domain's engine and leave or submit; each visit's
 * step snapshots; each lead through the server's own intake (every rule recomputed, routed to the
 * configured buyers); and delivery outcomes for the jobs. `npm start` seeds nothing. Refused in
 * production (NODE_ENV=production): a demo never goes into real data.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brandIdentityForHost,
  ExperimentFileSchema,
  flowById,
  pickArm,
  resolveRoute,
  seededRandom,
  type ExperimentConfig,
} from '@app/funnel';
import { buildApp } from './app';
import { loadConfig } from './config';
import { consentVersion } from './db/consent-version-store';
import { openDatabase } from './db/open-database';
import { saveStepSnapshots } from './db/step-snapshot-store';
import { settleDemoAuctions } from './demo/demo-auctions';
import { demoPerson, demoWalk, diceOf, type Dice } from './demo/demo-visitors';
import { recordAssignment, saveExperiment } from './experiments/experiment-store';
import { intakeLead } from './intake/lead-intake';
import type { Services } from './services';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SAMPLE_EXPERIMENTS = path.join(HERE, '..', 'config', 'sample-experiments.json');

/** Where visitors land, and how often (paid traffic goes mostly to the main survey). */
const LANDINGS: readonly { path: string; share: number }[] = [
  { path: '/survey', share: 0.45 },
  { path: '/survey/es', share: 0.15 },
  { path: '/g', share: 0.15 },
  { path: '/survey/v7', share: 0.15 },
  { path: '/survey/v3', share: 0.1 },
];
const HOSTS = ['www.accidentclaimcheck.com', 'www.injurycasefinder.com'];

function flag(argv: string[], name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  return value;
}

function landingOf(dice: Dice): string {
  let point = dice.unit();
  for (const l of LANDINGS) {
    if (point < l.share) return l.path;
    point -= l.share;
  }
  return '/survey';
}

interface Totals {
  visitors: number;
  leads: number;
  snapshots: number;
  jobs: number;
}

async function seedVisitor(
  services: Services,
  dice: Dice,
  n: number,
  at: Date,
  experiments: readonly ExperimentConfig[],
  totals: Totals,
): Promise<void> {
  const landing = landingOf(dice);
  const route = resolveRoute(landing);
  if (!route) throw new Error(`${landing} is not a funnel path`);
  const host = HOSTS[dice.unit() < 0.65 ? 0 : 1] ?? 'localhost';
  const experiment = experiments.find((e) => e.status === 'running' && resolveRoute(e.path) === route);
  const visitorId = randomUUID();
  const arm = experiment ? pickArm(experiment, visitorId) : undefined;
  if (experiment && arm) {
    await recordAssignment(services.db, { experimentId: experiment.id, visitorId, arm: arm.id, at });
  }
  const flow = flowById(arm?.variant ?? route.variant);
  if (!flow) throw new Error(`no flow ${arm?.variant ?? route.variant}`);
  const today = at.toISOString().slice(0, 10);
  const leadId = randomUUID();
  const landingUrl = `https://${host}${landing}?sub1=demo&utm_source=${dice.unit() < 0.7 ? 'google' : 'facebook'}`;
  const brand = brandIdentityForHost(host);
  const consentText = consentVersion({ brand, language: route.language, variant: flow.id, buyers: [] }).text;
  // The arm's variant converts a little differently: the demo's experiment has something to show.
  const leaveChance = arm?.id === 'variant-a' ? 0.07 : 0.09;
  const person = demoPerson(dice, n);
  const visit = demoWalk({ flow, route, dice, person, today, leadId, landingUrl, consentText, leaveChance });
  totals.visitors++;
  const cookie =
    experiment && arm
      ? services.experiments.cookieFor({ experimentId: experiment.id, visitorId, arm: arm.id })
      : undefined;
  let clock = at.getTime();
  const snapshots = visit.steps.map((step, i) => {
    clock += step.ms;
    return {
      snapshot: {
        step_id: step.stepId,
        step_number: i + 1,
        ms_on_step: step.ms,
        landing_page_url: landingUrl,
        ...(visit.body ? { lead_id: leadId } : {}),
        progress_tracking: [],
        time_on_steps: '',
        answers: {},
      },
      reading: {
        variant: flow.id,
        brand: brand.id,
        language: route.language,
        landingPath: route.path,
        experimentId: experiment && arm ? experiment.id : '',
        arm: arm?.id ?? '',
      },
    };
  });
  const session = randomUUID();
  await saveStepSnapshots(services.db, { session, snapshots, receivedAt: new Date(clock) });
  totals.snapshots += snapshots.length;
  if (!visit.body) return;
  const stored = await intakeLead(services, '/post-lead', visit.body, {
    ip: `203.0.113.${1 + dice.pick(250)}`,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36',
    secGpc: false,
    host,
    ...(cookie ? { cookie } : {}),
    receivedAt: new Date(clock),
    log: { warn: () => undefined },
  });
  if (stored.kind !== 'stored') throw new Error(`demo lead refused: ${JSON.stringify(stored.fields)}`);
  totals.leads++;
}

/** Delivery outcomes for the demo's queued jobs, as buyers would have answered (one attempt each). */
async function settleDeliveries(services: Services, dice: Dice): Promise<number> {
  const jobs = await services.db
    .selectFrom('delivery_jobs')
    .select(['id', 'created_at'])
    .where('status', '=', 'queued')
    .execute();
  for (const job of jobs) {
    const roll = dice.unit();
    const status =
      roll < 0.68 ? 'accepted' : roll < 0.8 ? 'rejected' : roll < 0.88 ? 'duplicate' : roll < 0.95 ? 'dead' : 'queued';
    if (status === 'queued') continue;
    const started = new Date(new Date(job.created_at).getTime() + 2_000).toISOString();
    const http = status === 'dead' ? 503 : 200;
    const message = {
      accepted: 'ACCEPTED',
      rejected: 'ERROR: outside service area',
      duplicate: 'DUPLICATED',
      dead: 'Service Unavailable',
    }[status];
    await services.db
      .updateTable('delivery_jobs')
      .set({
        status,
        attempts: 1,
        last_status: http,
        last_answer: message,
        updated_at: started,
        finished_at: started,
        reason: status === 'accepted' ? '' : message,
      })
      .where('id', '=', job.id)
      .execute();
    await services.db
      .insertInto('delivery_attempts')
      .values({
        id: randomUUID(),
        job_id: job.id,
        attempt: 1,
        started_at: started,
        latency_ms: 120 + dice.pick(900),
        outcome: status === 'dead' ? 'failed' : status,
        failure: status === 'dead' ? 'http_status' : '',
        http_status: http,
        message,
        answer_excerpt: JSON.stringify({ status: message }),
        worker: 'seed-demo',
      })
      .execute();
  }
  return jobs.length;
}

async function main(argv: string[]): Promise<number> {
  const visitors = flag(argv, 'visitors', 600);
  const days = Math.max(1, flag(argv, 'days', 21));
  const seed = flag(argv, 'seed', 16);
  if (process.env.NODE_ENV === 'production') {
    console.error('seed:demo refuses to run with NODE_ENV=production: a demo never goes into real data.');
    return 2;
  }
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    // The demo's leads are recorded, not delivered: the worker stays off; outcomes are settled below.
    DELIVERY_WORKER: 'off',
    LEAD_LIMIT_PER_CONTACT: '100000',
  });
  const db = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  let services: Services | undefined;
  const app = await buildApp({ config, db, onServices: (s) => (services = s) });
  try {
    if (!services) throw new Error('the app gave no services');
    const file = ExperimentFileSchema.parse(JSON.parse(readFileSync(SAMPLE_EXPERIMENTS, 'utf8')));
    const now = new Date();
    for (const experiment of file.experiments) {
      const saved = await saveExperiment(db, experiment, now);
      if (!saved.ok) throw new Error(`sample experiment ${experiment.id}: ${JSON.stringify(saved.problems)}`);
    }
    services.experiments.refresh();
    const dice = diceOf(seededRandom(seed));
    const totals: Totals = { visitors: 0, leads: 0, snapshots: 0, jobs: 0 };
    const start = now.getTime() - days * 86_400_000;
    for (let i = 0; i < visitors; i++) {
      // Spread over the days, more in the evening (ads run then).
      const at = new Date(start + ((i + dice.unit()) / visitors) * (days * 86_400_000 - 3_600_000));
      await seedVisitor(services, dice, i, at, file.experiments, totals);
    }
    // Issue 32: the leads that went to auction get their bids and winners first.
    await settleDemoAuctions(services, config.DATABASE_URL ? 'postgres' : 'sqlite', dice);
    totals.jobs = await settleDeliveries(services, dice);
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : path.resolve(config.DATA_DIR);
    console.log(
      `seed:demo: ${totals.visitors} visitors, ${totals.snapshots} step snapshots, ${totals.leads} leads, ` +
        `${totals.jobs} deliveries, ${file.experiments.length} experiments in ${where}`,
    );
    return 0;
  } finally {
    await app.close();
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
