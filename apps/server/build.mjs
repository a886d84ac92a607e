// Bundles the server and the domain package (TypeScript source) into dist/main.js, and the operator
// commands into dist/ops.js and dist/operator.js (console accounts). npm packages stay external and load
// from node_modules; better-sqlite3 is native and cannot be bundled.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@app/'));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    ops: new URL('./src/ops-cli.ts', import.meta.url).pathname,
    operator: new URL('./src/operator-cli.ts', import.meta.url).pathname,
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
