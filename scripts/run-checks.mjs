// `npm test`: every check the project has, in one run, ending with the line CI reads:
// "N passed, N failed". Whole-repo checks (types, lint, format, build) count one each; the test
// runners count their tests. A failing step does not stop the others, so one run shows everything.
//
// CI's budget is 30 minutes. The static checks, the Node 22 run and the build (then the image check) run at
// once, each into its own log printed whole when it ends: 79 s where one after another took 116 s (mostly
// one core each). Then the vitest run and the browser tests, one after the other (see below).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
const began = Date.now();

/** Commands started so far (each one's log is numbered). */
let started = 0;
/** Commands still running, named in a line a minute so a long quiet stretch in CI's log is not a hang. */
/** @type {Set<string>} */
const running = new Set();
const heartbeat = setInterval(() => {
  if (running.size > 0)
    console.log(`… ${Math.round((Date.now() - began) / 1000)} s, still running: ${[...running].join(', ')}`);
}, 60_000);

/**
 * Runs `command` with its output in a log of its own, printed whole when it ends (or, `live`, as it comes:
 * for a command that runs alone); resolves to whether it exited 0.
 * @param {string} command @param {Record<string, string>} [env] @param {{ live?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
function run(command, env = {}, { live = false } = {}) {
  const label = command.split(' --')[0] ?? command;
  const startedAt = Date.now();
  running.add(label);
  if (live) console.log(`\n▶ ${command}`);
  return new Promise((resolve) => {
    const log = path.join(RESULTS, `step-${(started += 1)}.log`);
    const out = live ? undefined : createWriteStream(log);
    const child = spawn(command, {
      shell: true,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    if (out) {
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
    }
    child.on('close', (code) => {
      const done = () => {
        running.delete(label);
        const seconds = Math.round((Date.now() - startedAt) / 1000);
        timings.push(`${seconds} s  ${label}`);
        if (out) {
          console.log(`\n▶ ${command}  (${seconds} s)`);
          process.stdout.write(readFileSync(log, 'utf8'));
        }
        resolve(code === 0);
      };
      if (out) out.end(done);
      else done();
    });
  });
}

/**
 * A whole-repo check, counted as one: its entry in the summary is made now, in this order, and filled in
 * when it ends.
 * @param {string} name @param {string | Promise<boolean>} command a command, or a chain of them already running
 */
async function check(name, command) {
  const entry = { name, passed: 0, failed: 1 };
  suites.push(entry);
  const ok = await (typeof command === 'string' ? run(command) : command);
  entry.passed = ok ? 1 : 0;
  entry.failed = ok ? 0 : 1;
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

// First: the static checks, the Node 22 run and the build (with the image it makes), at once.
const staticChecks = [
  check('type-check', 'npx tsc -b'),
  check('lint', 'npx eslint . --max-warnings=0'),
  check('format', 'npx prettier --check . --log-level warn'),
  // Issue 30: the pure tests (domain, web helpers) on Node 22 LTS as well, so an upgrade of Node is known to
  // work; the `node` package of the npm registry brings its binary. The server's tests need better-sqlite3
  // built for the Node that runs them, so they run on the machine's Node only.
  check(
    'unit tests on Node 22 (funnel, web)',
    'npx -y -p node@22 node node_modules/vitest/vitest.mjs run --project funnel --project web --reporter=dot',
  ),
];
const browserReady = check('chromium present', 'bash scripts/ensure-chromium.sh');
const built = check('build', 'npm run build --silent');
// Issue 30: the Dockerfile's image, made without a container daemon: production install, start, health.
const image = check(
  'image contents (scripts/check-image.mjs)',
  built.then((ok) => (ok ? run('node scripts/check-image.mjs') : false)),
);
// The test runners' entries, filled in below: the summary lists every step in this file's order.
const vitestEntry = { name: 'unit + server tests (vitest)', passed: 0, failed: 1 };
suites.push(vitestEntry);
const e2eEntry = { name: 'browser tests (playwright)', passed: 0, failed: 1 };
suites.push(e2eEntry);
await Promise.all([...staticChecks, browserReady, built, image]);

// Then the vitest run, then the browser tests: not at once. Run beside each other they took 664 s where one
// after the other took 761 s, but the two cores were then so busy that two of the server's fault tests (a
// SIGTERM under load, a server killed mid-send) failed on their time limits. Alone, each prints as it goes.
const vitestOk = await run(
  `npx vitest run --reporter=default --reporter=json --outputFile.json=${RESULTS}/vitest.json`,
  {},
  { live: true },
);
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
Object.assign(vitestEntry, {
  passed: vitest?.numPassedTests ?? 0,
  failed: vitestFailures(vitest, vitestOk),
  note: vitest ? undefined : 'no report: vitest did not run',
});

if ((await browserReady) && (await built)) {
  const e2eOk = await run(
    'npx playwright test -c e2e/playwright.config.ts --reporter=list,json',
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json` },
    { live: true },
  );
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
  Object.assign(e2eEntry, {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (e2eOk || e2e ? 0 : 1),
    note: e2e ? undefined : 'no report: playwright did not run',
  });
} else {
  Object.assign(e2eEntry, { note: 'skipped: no browser or no build' });
}
clearInterval(heartbeat);

console.log(`\nTime (${Math.round((Date.now() - began) / 1000)} s in all)`);
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
