// Issue 30: proves what the Dockerfile's image holds and that it runs, where no container daemon runs.
// It reads the Dockerfile's runtime stage and does what it says in a clean temp folder: the production-only
// install of the deps stage (from the local npm cache, offline: `npm ci` ran before; better-sqlite3's
// compiled binary copied from this checkout instead of compiling it again), the COPY lines from the build
// (`npm run build` must have run) and from the repository, the RUN that makes the data folder; then starts
// the CMD with the stage's ENV, as the image's user (uid 1000, `node` in the official image) when run as
// root, and runs the HEALTHCHECK's command. Until GET /readyz exists (issue 31), a failed health check
// falls back to GET /healthz, then GET /survey, and says so. Also checks that no dev dependency, no
// TypeScript source and no tsx is in the image, and that the operator commands run from the built output.
// `node scripts/check-image.mjs` (a check of `npm test`); prints its time.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const started = Date.now();
const repo = path.resolve(import.meta.dirname, '..');
/** The uid and gid of `node` in the official Node images. */
const IMAGE_USER = { uid: 1000, gid: 1000 };

/** @param {string} message */
function fail(message) {
  console.error(`✗ image check: ${message}`);
  process.exit(1);
}

// --- The Dockerfile, read: stages by name, each with its instructions (one per line).
/** @type {Map<string, {instruction: string, args: string}[]>} */
const stages = new Map();
/** @type {{instruction: string, args: string}[]} */
let current = [];
for (const raw of readFileSync(path.join(repo, 'Dockerfile'), 'utf8').split('\n')) {
  const line = raw.trim();
  if (line === '' || line.startsWith('#')) continue;
  const [instruction = '', ...rest] = line.split(/\s+/);
  const args = rest.join(' ');
  if (instruction === 'FROM') {
    const name = /\bAS\s+(\S+)$/i.exec(args)?.[1];
    if (!name) fail(`every stage needs a name: ${line}`);
    current = [];
    stages.set(String(name), current);
  } else current.push({ instruction, args });
}
const runtime = stages.get('runtime');
const deps = stages.get('deps');
if (!runtime || !deps) fail('the Dockerfile needs the stages deps and runtime');
const only = (/** @type {string} */ instruction) => (runtime ?? []).filter((i) => i.instruction === instruction);
/** @param {string} instruction */
const single = (instruction) => {
  const found = only(instruction);
  if (found.length !== 1) fail(`the runtime stage needs one ${instruction}, not ${found.length}`);
  return found[0]?.args ?? '';
};

const workdir = single('WORKDIR');
const env = Object.fromEntries(
  only('ENV').flatMap((i) => i.args.split(/\s+/).map((pair) => /** @type {[string, string]} */ (pair.split('=', 2)))),
);
/** @type {string[]} */
const command = JSON.parse(single('CMD'));
const healthcheck = /\bCMD\s+(\[.*\])$/.exec(single('HEALTHCHECK'))?.[1];
if (!healthcheck) fail('the HEALTHCHECK needs a CMD in JSON form');
/** @type {string[]} */
const healthCommand = JSON.parse(String(healthcheck));
const user = single('USER');
if (user === 'root' || user === '0') fail('the image must not run as root');

// --- The image's root: a clean folder; the image's absolute paths (WORKDIR, DATA_DIR) moved under it.
const root = mkdtempSync(path.join(tmpdir(), 'funnel-image-'));
chmodSync(root, 0o755);
const inImage = (/** @type {string} */ p) => path.join(root, p);
const app = inImage(workdir);
mkdirSync(app, { recursive: true });

/** Production-only install as the deps stage makes it, offline, in a folder of its own. */
function installDeps() {
  const folder = mkdtempSync(path.join(tmpdir(), 'funnel-deps-'));
  for (const { instruction, args } of deps ?? []) {
    if (instruction === 'COPY') {
      const parts = args.split(/\s+/);
      const destination = String(parts.pop());
      for (const source of parts) {
        const target = destination.endsWith('/')
          ? path.join(folder, destination, path.basename(source))
          : path.join(folder, destination);
        cpSync(path.join(repo, source), target, { recursive: true });
      }
    }
    if (instruction === 'RUN' && args.startsWith('npm ci')) {
      const install = `${args} --offline --ignore-scripts`;
      console.log(`▶ ${install}`);
      const result = spawnSync(install, { cwd: folder, shell: true, stdio: ['ignore', 'ignore', 'inherit'] });
      if (result.status !== 0) fail(`${install} failed (has \`npm ci\` filled the npm cache?)`);
    }
  }
  // What the deps stage's install scripts compile: better-sqlite3's binding, taken from this checkout.
  const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  mkdirSync(path.dirname(path.join(folder, binding)), { recursive: true });
  cpSync(path.join(repo, binding), path.join(folder, binding));
  return folder;
}

let depsFolder = '';
for (const { instruction, args } of runtime ?? []) {
  if (instruction === 'COPY') {
    const from = /^--from=(\S+)\s+/.exec(args)?.[1];
    const parts = args.replace(/^--from=\S+\s+/, '').split(/\s+/);
    const destination = String(parts.pop());
    for (const source of parts) {
      let origin = path.join(repo, source);
      if (from === 'build') origin = path.join(repo, path.relative('/app', source));
      if (from === 'deps') {
        depsFolder ||= installDeps();
        origin = path.join(depsFolder, path.relative('/app', source));
      }
      if (!existsSync(origin)) fail(`COPY ${args}: ${origin} is missing (run npm run build first)`);
      const target = destination.endsWith('/')
        ? path.join(app, destination, path.basename(source))
        : path.join(app, destination);
      cpSync(origin, target, { recursive: true, verbatimSymlinks: true });
    }
  } else if (instruction === 'RUN') {
    const dataDir = /^mkdir -p (\S+) && chown \S+ \S+$/.exec(args)?.[1];
    if (!dataDir) fail(`the runtime stage's RUN is not the data folder's mkdir and chown: ${args}`);
    mkdirSync(inImage(String(dataDir)), { recursive: true });
    if (process.getuid?.() === 0) chownSync(inImage(String(dataDir)), IMAGE_USER.uid, IMAGE_USER.gid);
  }
}

// --- What must not be in the image.
for (const devOnly of ['typescript', 'tsx', 'vitest', 'esbuild', 'vite', '@playwright/test', 'eslint']) {
  if (existsSync(path.join(app, 'node_modules', devOnly))) fail(`a dev dependency is in the image: ${devOnly}`);
}
if (existsSync(path.join(app, 'apps/server/src'))) fail('TypeScript source is in the image');

// --- Start it as the image does: the CMD, the stage's ENV (its paths under the temp root), its user.
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
/** The settings an operator's .env gives a production instance (fake vendor keys: nothing is called). */
const operatorEnv = {
  SQLITE_IN_PRODUCTION: 'on',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'image-check-token',
  TWILIO_VERIFY_SERVICE_SID: `VA${'0'.repeat(32)}`,
  RECAPTCHA_SECRET: 'image-check-recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'image-check-recaptcha-site-key',
  LOOKUP_KEY_SECRET: 'image-check-lookup-key-secret-32-characters',
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
};
const runEnv = {
  PATH: process.env.PATH ?? '',
  ...env,
  DATA_DIR: inImage(env.DATA_DIR ?? '/data'),
  PORT: String(port),
  HOST: '127.0.0.1',
  ...operatorEnv,
};
/** @type {{ uid?: number, gid?: number }} */
const asUser = process.getuid?.() === 0 ? IMAGE_USER : {};
const [program = 'node', ...programArgs] = command;
const server = spawn(program === 'node' ? process.execPath : program, programArgs, {
  cwd: app,
  env: runEnv,
  stdio: ['ignore', 'pipe', 'pipe'],
  ...asUser,
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once('exit', resolve));

/** @param {string[]} args @returns {{ status: number | null, output: string }} */
function runInImage(args) {
  const [bin = 'node', ...rest] = args;
  const result = spawnSync(bin === 'node' ? process.execPath : bin, rest, {
    cwd: app,
    env: runEnv,
    encoding: 'utf8',
    ...asUser,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let problem = '';
try {
  const deadline = Date.now() + 30_000;
  while (!output.includes('Funnel is running')) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const health = runInImage(healthCommand);
  if (health.status === 0) {
    console.log(`✓ HEALTHCHECK ${healthCommand.join(' ')}: healthy`);
  } else {
    // Issue 31 adds /readyz and /healthz; until then the server's liveness is its survey page.
    const fallback = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 404 ? '/survey' : '/healthz';
    const answer = await fetch(`http://127.0.0.1:${port}${fallback}`);
    if (!answer.ok)
      throw new Error(`HEALTHCHECK failed (${health.output.trim()}) and GET ${fallback} answered ${answer.status}`);
    console.log(
      `✓ HEALTHCHECK ${healthCommand.join(' ')} not served yet (${health.output.trim()}); GET ${fallback}: ${answer.status}`,
    );
  }
  // The operator commands, from the built output, beside the running server.
  for (const cli of [
    ['node', 'apps/server/dist/ops.js', 'buyers'],
    ['node', 'apps/server/dist/operator.js', 'list'],
    ['node', 'apps/server/dist/migrate.js', 'status'],
    ['node', 'apps/server/dist/backup.js', path.join(runEnv.DATA_DIR, 'backups', 'image-check.sqlite')],
  ]) {
    const run = runInImage(cli);
    if (run.status !== 0) throw new Error(`${cli.join(' ')} exited ${run.status}:\n${run.output}`);
    console.log(`✓ ${cli.join(' ')}`);
  }
} catch (error) {
  problem = error instanceof Error ? error.message : String(error);
} finally {
  server.kill('SIGTERM');
  await exited;
  rmSync(root, { recursive: true, force: true });
  if (depsFolder) rmSync(depsFolder, { recursive: true, force: true });
}
if (problem) fail(problem);
console.log(
  `✓ image check: production install, start as ${user} (uid ${asUser.uid ?? process.getuid?.()}), health, CLIs in ${Math.round((Date.now() - started) / 1000)} s`,
);
