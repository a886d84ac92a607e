// Bundles the server and the domain package (TypeScript source) into dist/main.js, and every command an
// operator runs into dist/ too (issue 30: runnable from a production install, no tsx): ops.js, operator.js
// (console accounts), seed-demo.js, healthcheck.js (the image's HEALTHCHECK),
// migrate.js, backup.js and restore.js. npm packages stay external and load from node_modules; better-sqlite3
// is native and cannot be bundled. The target is the oldest Node the engines field allows (20.19): the
// output runs unchanged on 22 and 24.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@app/'));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    ops: new URL('./src/ops-cli.ts', import.meta.url).pathname,
    operator: new URL('./src/operator-cli.ts', import.meta.url).pathname,
    'seed-demo': new URL('./src/seed-demo.ts', import.meta.url).pathname,
    healthcheck: new URL('./src/healthcheck-cli.ts', import.meta.url).pathname,
    migrate: new URL('./src/migrate-cli.ts', import.meta.url).pathname,
    backup: new URL('./src/backup-cli.ts', import.meta.url).pathname,
    restore: new URL('./src/restore-cli.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
