/** Starts the funnel: config from the environment, database with migrations, HTTP server. */
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { describePostgresUrl } from './db/open-postgres-database';
import { connectRateLimitRedis } from './http/rate-limit';
import { describeStart } from './startup/describe-start';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    timeouts: {
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    },
  });
  const redis = config.REDIS_URL
    ? await connectRateLimitRedis(config.REDIS_URL, undefined, config.REDIS_COMMAND_TIMEOUT_MS)
    : undefined;
  const app = await buildApp({ config, db, rateLimit: { redis, keyPrefix: config.RATE_LIMIT_KEY_PREFIX } });
  const { buyersFile, buyers } = config.operator;

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    // The app first: requests in flight still write to the database and count in Redis.
    await app.close();
    await db.destroy();
    await redis?.quit();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`\nFunnel is running. Open http://localhost:${port}/survey`);
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
