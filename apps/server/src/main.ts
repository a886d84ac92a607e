/** Starts the funnel: config from the environment, database with migrations, HTTP server. */
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { createOfflineZipProvider } from './providers/zip/offline-zip-provider';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.DATA_DIR);
  const app = await buildApp({ config, db, zip: createOfflineZipProvider() });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`\nFunnel is running. Open http://localhost:${port}/survey`);
  console.log(`Leads are stored in ${path.resolve(config.DATA_DIR)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
