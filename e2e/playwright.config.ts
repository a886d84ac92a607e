import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { E2E_DATA_DIR, E2E_PORT } from './e2e-env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// npm start's sample buyers without its ping-post ones: those bid at random (some late, some declining), so
// which firm buys a lead would change from run to run, and the walks check where leads go. The auction is
// walked with buyers of its own (revenue-console.spec.ts); the sample's auctions are the server tests'
// (apps/server/test/auction/sample-auctions.test.ts). The sample consent lists go with the sample buyers.
const config = path.join(root, 'apps/server/config');
const directBuyers = path.join(root, 'test-results/e2e-direct-buyers.json');
const sample: unknown = JSON.parse(readFileSync(path.join(config, 'sample-buyers.json'), 'utf8'));
mkdirSync(path.dirname(directBuyers), { recursive: true });
writeFileSync(
  directBuyers,
  JSON.stringify(
    Array.isArray(sample) ? sample.filter((b) => typeof b === 'object' && b !== null && !('ping' in b)) : [],
  ),
);

// The built app and the real server on a fresh SQLite file (npm run test:e2e builds first).
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/playwright',
  fullyParallel: false,
  // Two files at a time in the funnel project (each file's tests in order); the console's run alone.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // The console's list checks and the funnel analytics count the leads and snapshots they post themselves,
  // so they run first (console, then analytics: file order), before the specs that walk the funnel add leads
  // and snapshots of their own to the same database.
  projects: [
    { name: 'console', testMatch: /(console|funnel-analytics)\.spec\.ts$/, workers: 1 },
    { name: 'funnel', testIgnore: /(console|funnel-analytics)\.spec\.ts$/, dependencies: ['console'] },
  ],
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
    // Every test walks as the same visitor (one email and phone): the per-contact daily limit (5) is the
    // server tests' to prove (apps/server/test/intake-limits.test.ts), not these walks'.
    env: {
      PORT: String(E2E_PORT),
      BUYERS_FILE: directBuyers,
      CONSENT_LISTS_FILE: path.join(config, 'sample-consent-lists.json'),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      LEAD_LIMIT_PER_CONTACT: '1000',
      // Two workers walk from one address: the per-IP check limit (30 a minute per route) is the server
      // tests' to prove (rate-limit.test.ts, limits-burst-and-crowd.test.ts); a refused check lets a visitor
      // on (§8), which would hide the §5 messages some walks look for.
      CHECK_LIMIT_PER_MINUTE: '1000',
      // A delivery that keeps failing dies within seconds, so the console's dead-job retry can be walked
      // (e2e/tests/console.spec.ts); deliveries that succeed are not affected.
      DELIVERY_POLL_MS: '250',
      DELIVERY_RETRY_BASE_MS: '200',
      DELIVERY_RETRY_MAX_DELAY_MS: '500',
      DELIVERY_RETRY_WINDOW_MS: '2500',
    },
  },
});
