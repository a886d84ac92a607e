/**
 * A second real server for the specs that need a configuration of their own (SMS codes read from its log,
 * tags configured): the built server on a port the system hands out (a fixed one could already be taken, and
 * the wait below would then take another server's answer for this one's), a fresh SQLite folder, its log kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface OwnServer {
  url: string;
  dataDir: string;
  /** The server's log lines so far, parsed (pino JSON). */
  logs: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = path.join(root, 'test-results', `own-server-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LEAD_LIMIT_PER_CONTACT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited:\n${lines.join('\n')}`);
    try {
      if ((await fetch(`${url}/survey`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    logs: () =>
      lines.flatMap((line) => {
        try {
          const parsed: unknown = JSON.parse(line);
          return typeof parsed === 'object' && parsed !== null ? [Object.fromEntries(Object.entries(parsed))] : [];
        } catch {
          return [];
        }
      }),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
