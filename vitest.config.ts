import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The server tests run twice, once per database the server supports (docs/decisions/0007-postgresql-and-redis.md):
// TEST_DB picks it in apps/server/test/start-test-server.ts. The postgres project fails, never skips, when
// PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) is out of reach.
const serverTests = { include: ['apps/server/test/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 };

// Each worker imports the modules once for all its files (ADR 0003): no test file changes the environment,
// mocks a module or fakes the clock, and each starts its own server on its own database. Loading the server
// and the domain again for every file took 126 s of the run's 440 s.
const shared = { pool: 'threads', isolate: false } as const;

// One runner for the domain, the server and the web app's pure parts (docs/decisions/0003-test-runners.md).
export default defineConfig({
  test: {
    // The server tests mostly wait (on their servers, the databases, child processes): on a 2-core machine
    // vitest's default (one worker per core but one) left a core idle. Two workers: the whole run 7.2 min
    // instead of 11.6, every test passing (2026-11-28).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Property tests draw thousands of cases; on a busy shared machine 5 s is not enough for the largest.
      { test: { ...shared, name: 'funnel', include: ['packages/funnel/test/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { ...shared, name: 'server', ...serverTests, env: { TEST_DB: 'sqlite' } } },
      { test: { ...shared, name: 'server-postgres', ...serverTests, env: { TEST_DB: 'postgres' } } },
      // Root at the web app: its globs name modules from there, as in its build (src/app/lazy-modules.ts).
      { test: { ...shared, name: 'web', root: 'apps/web', include: ['test/**/*.test.ts'] } },
      // The benches' pure helpers (the rows they print); the benches themselves print figures, not verdicts.
      { test: { ...shared, name: 'bench', include: ['bench/test/**/*.test.ts'] } },
    ],
  },
});
