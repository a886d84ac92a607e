/**
 * Issue 31's fault tests start their own PostgreSQL and Redis (never the shared ones), on free loopback
 * ports in a temp dir, so they can freeze them (SIGSTOP on the whole process group: PostgreSQL's backends
 * too), thaw them, stop and start them again. PostgreSQL's binaries are found under /usr/lib/postgresql/*
 * /bin; as root, PostgreSQL runs as the `postgres` user (initdb refuses root). Each PostgreSQL process is
 * a session of its own (setsid), so a freeze signals the postmaster and each of its children.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address !== null && typeof address !== 'string' ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server process this test started: frozen, thawed, stopped and started again on the same port. */
export interface OwnServer {
  url: string;
  port: number;
  freeze(): void;
  thaw(): void;
  /** Stops it (PostgreSQL: fast shutdown, every connection ended; Redis: killed). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = path.join(root, version, 'bin', name);
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} not found under ${root}/*/bin: the fault tests need PostgreSQL's server binaries`);
}

/** As root, the `postgres` user's ids (PostgreSQL refuses to run as root); otherwise this process's own. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function waitForExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function until(ready: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`${what} did not start within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startOwnPostgres(): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-pg-'));
  const data = path.join(dir, 'data');
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(postgresBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], {
    ...asUser,
    stdio: 'ignore',
  });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;

  const ready = async () => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  };
  const start = async () => {
    child = spawn(
      postgresBin('postgres'),
      // prettier-ignore
      ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off',
        '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60'],
      { ...asUser, detached: true, stdio: 'ignore' },
    );
    await until(ready, `PostgreSQL on port ${port}`);
  };
  /** The postmaster first (no new backend is forked), then every child; thawed in the other order. */
  const signalGroup = (signal: NodeJS.Signals) => {
    const pid = child?.pid;
    if (pid === undefined) return;
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
      .toString()
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
    const order = signal === 'SIGCONT' ? [...children, pid] : [pid, ...children];
    for (const target of order) {
      try {
        process.kill(target, signal);
      } catch {
        // gone meanwhile
      }
    }
  };
  await start();
  return {
    url,
    port,
    freeze: () => signalGroup('SIGSTOP'),
    thaw: () => signalGroup('SIGCONT'),
    async stop() {
      const stopping = child;
      if (!stopping) return;
      signalGroup('SIGCONT');
      // SIGINT: fast shutdown, every client connection ended (what an operator's restart does).
      stopping.kill('SIGINT');
      await waitForExit(stopping);
      child = undefined;
    },
    start,
    async close() {
      if (child) {
        signalGroup('SIGCONT');
        signalGroup('SIGKILL');
        await waitForExit(child);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startOwnRedis(): Promise<OwnServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const ping = async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      redis.disconnect();
    }
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      detached: true,
      stdio: 'ignore',
    });
    await until(ping, `Redis on port ${port}`);
  };
  const signal = (name: NodeJS.Signals) => {
    if (child?.pid !== undefined) process.kill(child.pid, name);
  };
  await start();
  const stop = async () => {
    const stopping = child;
    if (!stopping) return;
    signal('SIGCONT');
    stopping.kill('SIGKILL');
    await waitForExit(stopping);
    child = undefined;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    stop,
    start,
    close: stop,
  };
}
