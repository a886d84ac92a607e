// `npm test`: every check the project has, in one run, ending with the line CI reads:
// "N passed, N failed". Whole-repo checks (types, lint, format, build) count one each; the test
// runners count their tests. A failing step does not stop the others, so one run shows everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

// Absolute: Playwright resolves report paths from its config's folder.
const RESULTS = path.resolve('.check-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/** @type {{ name: string, passed: number, failed: number, note?: string }[]} */
const suites = [];
/** Each failed test by file and name, printed again in the summary: CI keeps only the end of the output. */
/** @type {string[]} */
const failedNames = [];

/** Seconds each command took, printed in the summary: CI's time budget is spent where this says. */
/** @type {string[]} */
const timings = [];

/** @param {string} command @param {Record<string, string>} [env] */
function run(command, env = {}) {
  console.log(`\n▶ ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${Math.round((Date.now() - started) / 1000)} s  ${command.split(' --')[0]}`);
  return result.status === 0;
}

/** @param {string} name @param {string} command */
function check(name, command) {
  const ok = run(command);
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

/**
 * A run that failed must never read "0 failed": a file whose beforeAll throws reports its tests as
 * skipped, and an unhandled error fails the run with every test passed. Such runs count their failed
 * files, and at least one failure.
 * @param {any} report @param {boolean} exitedOk
 */
function vitestFailures(report, exitedOk) {
  if (!report) return 1;
  const failedTests = report.numFailedTests ?? 0;
  if (failedTests > 0) return failedTests;
  return exitedOk ? 0 : Math.max(report.numFailedTestSuites ?? 0, 1);
}

/** @param {string} file */
function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

check('type-check', 'npx tsc -b');
check('lint', 'npx eslint . --max-warnings=0');
check('format', 'npx prettier --check . --log-level warn');

const vitestOk = run(`npx vitest run --reporter=default --reporter=json --outputFile.json=${RESULTS}/vitest.json`);
const vitest = readJson(`${RESULTS}/vitest.json`);
for (const file of vitest?.testResults ?? []) {
  const relative = path.relative(process.cwd(), file.name);
  const failedTests = (file.assertionResults ?? []).filter(
    (/** @type {{ status: string }} */ t) => t.status === 'failed',
  );
  for (const t of failedTests) failedNames.push(`vitest ${relative} › ${t.fullName}`);
  if (file.status === 'failed' && failedTests.length === 0)
    failedNames.push(`vitest ${relative}: ${String(file.message ?? 'failed').split('\n')[0]}`);
}
suites.push({
  name: 'unit + server tests (vitest)',
  passed: vitest?.numPassedTests ?? 0,
  failed: vitestFailures(vitest, vitestOk),
  note: vitest ? undefined : 'no report: vitest did not run',
});

// Issue 30: the pure tests (domain, web helpers) on Node 22 LTS as well, so an upgrade of Node is known to work;
// the `node` package of the npm registry brings its binary. The server's tests need better-sqlite3 built for
// the Node that runs them, so they run on the machine's Node only.
check(
  'unit tests on Node 22 (funnel, web)',
  'npx -y -p node@22 node node_modules/vitest/vitest.mjs run --project funnel --project web --reporter=dot',
);

const browserReady = check('chromium present', 'bash scripts/ensure-chromium.sh');
const built = check('build', 'npm run build --silent');
// Issue 30: the Dockerfile's image, made without a container daemon: production install, start, health.
check('image contents (scripts/check-image.mjs)', built ? 'node scripts/check-image.mjs' : 'false');
if (browserReady && built) {
  const e2eOk = run('npx playwright test -c e2e/playwright.config.ts --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json`,
  });
  const e2e = readJson(`${RESULTS}/playwright.json`);
  const stats = e2e?.stats ?? {};
  /** @param {any} suite @param {string[]} titles */
  const collect = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failedNames.push(`playwright ${[...here, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) collect(child, here);
  };
  for (const suite of e2e?.suites ?? []) collect(suite, []);
  suites.push({
    name: 'browser tests (playwright)',
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (e2eOk || e2e ? 0 : 1),
    note: e2e ? undefined : 'no report: playwright did not run',
  });
} else {
  suites.push({ name: 'browser tests (playwright)', passed: 0, failed: 1, note: 'skipped: no browser or no build' });
}

console.log('\nTime');
for (const line of timings) console.log(`  ${line}`);
console.log('\nSummary');
for (const s of suites)
  console.log(
    `  ${s.failed ? '✗' : '✓'} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.note ? ` (${s.note})` : ''}`,
  );
if (failedNames.length > 0) {
  console.log('\nFailed');
  for (const name of failedNames) console.log(`  ✗ ${name}`);
}
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
