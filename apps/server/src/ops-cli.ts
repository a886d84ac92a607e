/**
 * Operator actions on delivery and the quarantine from a terminal, with the server's own settings and
 * database (the console of issue 16 will offer the same through its API):
 *
 *   npm run ops -- buyers                          every buyer: active, price, caps used, jobs by status
 *   npm run ops -- buyers pause|resume KEY
 *   npm run ops -- jobs dead                       dead jobs, newest first, with the buyer's last answer
 *   npm run ops -- jobs lead LEAD_ID               a lead's routing decision, jobs and attempts
 *   npm run ops -- jobs retry JOB_ID               a dead job again, with a fresh retry window
 *   npm run ops -- quarantine                      open quarantined bodies with their errors
 *   npm run ops -- quarantine show ID              one body as received
 *   npm run ops -- quarantine replay ID [FILE]     through the same checks, as kept or as fixed in FILE
 *   npm run ops -- quarantine discard ID
 *   npm run ops -- leads not-sent [--since ISO]    leads not sent for want of a buyer (default: the last day)
 *   npm run ops -- leads reroute [--since ISO]     those leads routed again with today's buyers (issue 30)
 *   npm run ops -- lookup-key forget               forget the database's lookup-key fingerprint (issue 30):
 *                                                  the next start records its LOOKUP_KEY_SECRET's; only
 *                                                  with every instance stopped, to change the secret
 *
 * Built: `node apps/server/dist/ops.js …` (what `npm run ops` runs; no tsx needed). Exits 1 on a refused action, 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { forgetLookupKeyFingerprint } from './db/lookup-keys';
import { openDatabase } from './db/open-database';
import { getQuarantined, listQuarantined } from './db/quarantine-store';
import { buyerSummaries } from './delivery/buyer-summary';
import { attemptsForJob, jobsForLead } from './delivery/delivery-jobs-store';
import { listNotSent, rerouteSince } from './delivery/reroute-not-sent';
import { discardQuarantined, replayQuarantined } from './intake/replay-quarantined';
import type { Services } from './services';

type Command = (services: Services, args: string[]) => Promise<number>;

const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
const log = { warn: (details: object, message: string) => console.error(message, details) };

/** `--since ISO` among the arguments, checked; undefined when absent. */
function sinceOf(args: string[]): string | undefined | Error {
  const at = args.indexOf('--since');
  if (at === -1) return undefined;
  const value = args[at + 1];
  return value !== undefined && !Number.isNaN(Date.parse(value)) ? value : new Error('--since needs a date or time');
}

const commands: Record<string, Command> = {
  async leads({ db, delivery, now }, [action, ...rest]) {
    const since = sinceOf(rest);
    if (since instanceof Error || (action !== 'not-sent' && action !== 'reroute')) {
      return usage('leads not-sent|reroute [--since ISO]');
    }
    const from = rerouteSince(since, now());
    if (action === 'not-sent') {
      const list = await listNotSent(db, from);
      console.log(`${list.total} lead(s) not sent for want of a buyer since ${list.since}`);
      console.table(list.leads);
      return 0;
    }
    const summary = await delivery.rerouteNotSent(from);
    console.table(summary.results);
    console.log(
      `since ${summary.since}: ${summary.routed} routed, ${summary.notSent} still not sent, ${summary.skipped} skipped` +
        (summary.more ? '; more remain: run it again' : ''),
    );
    return 0;
  },

  async buyers({ db, delivery, now }, [action, key]) {
    if (action === 'pause' || action === 'resume') {
      if (!key) return usage('buyers pause|resume KEY');
      const done = await delivery.pauseBuyer(key, action === 'pause');
      console.log(done ? `${key}: ${action === 'pause' ? 'paused' : 'active'}` : `no buyer ${key}`);
      return done ? 0 : 1;
    }
    const rows = (await buyerSummaries({ db, delivery, now })).map(({ buyer, jobs, capsUsed }) => ({
      key: buyer.key,
      active: buyer.active,
      price: buyer.price,
      today: `${capsUsed.day}/${buyer.caps.daily ?? '∞'}`,
      month: `${capsUsed.month}/${buyer.caps.monthly ?? '∞'}`,
      jobs: Object.entries(jobs)
        .map(([status, count]) => `${status} ${count}`)
        .join(', '),
    }));
    console.table(rows);
    return 0;
  },

  async jobs({ db, delivery }, [action, id]) {
    if (action === 'dead') {
      const dead = await db
        .selectFrom('delivery_jobs')
        .select(['id', 'lead_id', 'buyer_key', 'attempts', 'finished_at', 'reason'])
        .where('status', '=', 'dead')
        .orderBy('finished_at', 'desc')
        .limit(100)
        .execute();
      console.table(dead);
      return 0;
    }
    if (action === 'lead' && id) {
      const routing = await db.selectFrom('lead_routing').selectAll().where('lead_id', '=', id).executeTakeFirst();
      const jobs = await jobsForLead(db, id);
      const attempts = await Promise.all(jobs.map((job) => attemptsForJob(db, job.id)));
      print({ routing, jobs: jobs.map((job, i) => ({ ...job, attempts: attempts[i] })) });
      return 0;
    }
    if (action === 'retry' && id) {
      const result = await delivery.retryJob(id);
      console.log(result.ok ? `${id}: queued again` : `${id}: not retried: ${result.reason}`);
      return result.ok ? 0 : 1;
    }
    return usage('jobs dead | jobs lead LEAD_ID | jobs retry JOB_ID');
  },

  async quarantine(services, [action, id, file]) {
    const { db } = services;
    if (action === undefined || action === 'list') {
      const open = await listQuarantined(db, { status: 'open', limit: 100 });
      console.table(
        open.map((q) => ({
          id: q.id,
          endpoint: q.endpoint,
          received: q.receivedAt,
          errors: q.errors.map((e) => `${e.field}: ${e.message}`).join('; '),
        })),
      );
      return 0;
    }
    if (!id) return usage('quarantine show|replay|discard ID');
    if (action === 'show') {
      const entry = await getQuarantined(db, id);
      print(entry ?? `no quarantined body ${id}`);
      return entry ? 0 : 1;
    }
    if (action === 'replay') {
      const body: unknown = file === undefined ? undefined : JSON.parse(readFileSync(file, 'utf8'));
      // Recorded in the operators' audit as the command line (no console session here).
      const result = await replayQuarantined(services, id, { body, by: OPS_CLI_OPERATOR, log });
      print(result);
      return result.kind === 'stored' ? 0 : 1;
    }
    if (action === 'discard') {
      const done = await discardQuarantined(services, id);
      console.log(done ? `${id}: discarded` : `${id}: not open`);
      return done ? 0 : 1;
    }
    return usage('quarantine [list] | quarantine show|replay|discard ID [FILE]');
  },
};

/** Who the audit names for an action taken with this command line. */
const OPS_CLI_OPERATOR = { id: 'ops-cli', email: 'ops-cli (server command line)' };

function usage(text: string): number {
  console.error(`usage: npm run ops -- ${text}`);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const [area, ...args] = argv;
  const command = area === undefined ? undefined : commands[area];
  if (!command && area !== 'lookup-key') {
    return usage('buyers | jobs … | quarantine … | leads … | lookup-key forget (see apps/server/src/ops-cli.ts)');
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
  const db = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  if (area === 'lookup-key') {
    // Before the app: the app refuses to build on a secret that disagrees with the recorded fingerprint.
    try {
      if (args[0] !== 'forget') return usage('lookup-key forget');
      const forgotten = await forgetLookupKeyFingerprint(db);
      console.log(
        forgotten
          ? 'The lookup-key fingerprint is forgotten: the next instance to start records its LOOKUP_KEY_SECRET.'
          : 'No lookup-key fingerprint was recorded.',
      );
      return 0;
    } finally {
      await db.destroy();
    }
  }
  let services: Services | undefined;
  // The app's services without its server: no port, and no worker (it starts only when listening).
  const app = await buildApp({ config, db, onServices: (built) => (services = built) });
  try {
    return services && command ? await command(services, args) : 1;
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
