/** Starts the funnel: config from the environment, database with migrations, HTTP server. */
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { describePostgresUrl } from './db/open-postgres-database';
import { lockSqliteDataDir } from './db/sqlite-process-lock';
import { connectRateLimitRedis } from './http/rate-limit';
import { RELEASE_VERSION } from './release';
import { describeStart } from './startup/describe-start';

async function main(): Promise<void> {
  const config = loadConfig();
  // Issue 30: one server process per SQLite file, before anything opens it.
  const lock = config.DATABASE_URL ? undefined : lockSqliteDataDir(config.DATA_DIR);
  const db = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  const redis = config.REDIS_URL ? await connectRateLimitRedis(config.REDIS_URL) : undefined;
  const app = await buildApp({ config, db, rateLimit: { redis, keyPrefix: config.RATE_LIMIT_KEY_PREFIX } });
  const { buyersFile, buyers } = config.operator;

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    // The app first: requests in flight still write to the database and count in Redis.
    await app.close();
    await db.destroy();
    await redis?.quit();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
