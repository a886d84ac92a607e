import { defineConfig } from 'vitest/config';

// One runner for the domain, the server and the web app's pure parts (docs/decisions/0003-test-runners.md).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'funnel', include: ['packages/funnel/test/**/*.test.ts'] } },
      {
        test: { name: 'server', include: ['apps/server/test/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
    ],
  },
});
