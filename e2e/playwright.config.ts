import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { E2E_DATA_DIR, E2E_PORT } from './e2e-env';
import { e2eServerEnv } from './e2e-server-env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The built app and the real server on a fresh SQLite file (npm run test:e2e builds first).
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/playwright',
  fullyParallel: false,
  // Two files at a time (each file's tests in order). The console's specs count the leads and snapshots they
  // post and change buyers and experiments: each runs on a server of its own (tests/own-server.ts), so they
  // run beside the walks, not alone before them (which left a worker idle for over a minute).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && node apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/survey`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { ...e2eServerEnv(), PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR },
  },
});
