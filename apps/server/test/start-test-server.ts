/** Starts the real app on a free port with a fresh SQLite file in a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, SQLITE_FILE_NAME } from '../src/db/open-database';
import type { Database } from '../src/db/schema';
import { createOfflineZipProvider } from '../src/providers/zip/offline-zip-provider';

export interface TestServer {
  url: string;
  db: Kysely<Database>;
  dbFile: string;
  close: () => Promise<void>;
}

export async function startTestServer(options: { now?: () => Date; webDist?: string } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const db = await openDatabase(dataDir);
  const app = await buildApp({
    config,
    db,
    zip: createOfflineZipProvider(),
    ...(options.now ? { now: options.now } : {}),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    db,
    dbFile: path.join(dataDir, SQLITE_FILE_NAME),
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
