/**
 * The real server (src/main.ts, through tsx) in a child process of its own, for the tests that kill a
 * server with SIGKILL or run two on one PostgreSQL. Each gets a free port (PORT=0) and reports the one
 * it took on its start line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  /** SIGKILL: no shutdown hook runs, nothing in flight is finished or recorded. */
  kill(): Promise<void>;
  /** SIGTERM: the normal shutdown. */
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // A stop here needs no load balancer to notice: no drain delay unless a test sets one.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DRAIN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /Open http:\/\/localhost:(\d+)\//.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output.join('')}`));
    });
  });
  return {
    url,
    child,
    output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
