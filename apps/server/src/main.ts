/** Starts the funnel: config from the environment, database with migrations, HTTP server. */
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { describePostgresUrl } from './db/open-postgres-database';
import { lockSqliteDataDir } from './db/sqlite-process-lock';
import { connectRateLimitRedis } from './http/rate-limit';
import { createDrain, stopAccepting } from './health/drain';
import type { Services } from './services';
import { RELEASE_VERSION } from './release';
import { describeStart } from './startup/describe-start';

/** Issue 30: after it stops listening, how long the server still reads requests on connections just opened. */
const DRAIN_GRACE_MS = 500;

async function main(): Promise<void> {
  const config = loadConfig();
  // Issue 30: one server process per SQLite file, before anything opens it.
  const lock = config.DATABASE_URL ? undefined : lockSqliteDataDir(config.DATA_DIR);
  // Issue 31: the pool's and Redis's errors go to the dependencies' state (one structured line per change)
  // once the app exists; before that, a failure stops the start with its message.
  let services: Services | undefined;
  const db = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    timeouts: {
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    },
    onPoolError: (error) => services?.dependencies.report('postgres', false, error.message),
  });
  const redis = config.REDIS_URL
    ? await connectRateLimitRedis(config.REDIS_URL, () => {}, config.REDIS_COMMAND_TIMEOUT_MS)
    : undefined;
  const drain = createDrain();
  const app = await buildApp({
    config,
    db,
    rateLimit: { redis, keyPrefix: config.RATE_LIMIT_KEY_PREFIX },
    drain,
    onServices: (built) => (services = built),
  });
  const { buyersFile, buyers } = config.operator;

  // Issue 30: SIGTERM drains (health/drain.ts): /readyz fails first while requests are still served, then
  // the server closes (requests in flight finish, deliveries in flight are recorded) and the process exits.
  // SIGINT (a developer's Ctrl-C) skips the wait.
  const shutdown = async (signal: string, delayMs: number) => {
    app.log.info({ signal, drainDelayMs: delayMs }, 'stopping: readiness fails, then the server closes');
    drain.begin();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await stopAccepting(app, DRAIN_GRACE_MS);
    // The app first: requests in flight still write to the database and count in Redis.
    await app.close();
    await db.destroy();
    await redis?.quit().catch(() => {});
    lock?.release();
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', config.DRAIN_DELAY_MS));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`\nFunnel is running (release ${RELEASE_VERSION}). Open http://localhost:${port}/survey`);
  console.log(
    config.DATABASE_URL
      ? `Leads are stored in PostgreSQL at ${describePostgresUrl(config.DATABASE_URL)}`
      : `Leads are stored in ${path.resolve(config.DATA_DIR)}`,
  );
  console.log(
    buyersFile
      ? `Buyers: ${buyers.length} from ${buyersFile}; delivery worker ${config.delivery.worker ? 'on' : 'off'}`
      : `Buyers: none from a file; delivery worker ${config.delivery.worker ? 'on' : 'off'}`,
  );
  console.log(`${describeStart(config).join('\n')}\n`);
  // Issue 30: outside production a probable typo of a variable starts the server, said here.
  for (const warning of config.warnings) console.warn(`Warning: ${warning}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
