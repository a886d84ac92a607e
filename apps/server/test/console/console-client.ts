/** A signed-in operator's calls to /api/console of a test server, for the console's security tests. */
import { expect } from 'vitest';
import { addOperator } from '../../src/console/operator-store';
import { hashPassword } from '../../src/console/password-hash';
import type { TestServer } from '../start-test-server';

export const OPERATOR_PASSWORD = 'correct horse battery staple';

export interface ConsoleAnswer {
  status: number;
  /** JSON.parse's answer, loosely typed as the other server tests read answers; each test checks its fields. */
  body: ReturnType<typeof JSON.parse>;
}

export interface ConsoleClient {
  get(path: string): Promise<ConsoleAnswer>;
  send(method: 'POST' | 'PUT', path: string, body?: unknown): Promise<ConsoleAnswer>;
}

/** Signs in (adding the operator first unless `exists`) and answers the session's token. */
export async function signIn(
  server: TestServer,
  email: string,
  options: { password?: string; exists?: boolean; headers?: Record<string, string> } = {},
): Promise<string> {
  const password = options.password ?? OPERATOR_PASSWORD;
  if (!options.exists)
    await addOperator(server.db, { email, passwordHash: await hashPassword(password), now: new Date() });
  const res = await fetch(`${server.url}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const token = /console_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no session cookie');
  return token;
}

export function consoleClient(server: TestServer, token: string): ConsoleClient {
  const call = async (method: string, path: string, body?: unknown): Promise<ConsoleAnswer> => {
    const res = await fetch(`${server.url}/api/console${path}`, {
      method,
      headers: {
        cookie: `console_session=${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return { get: (path) => call('GET', path), send: (method, path, body) => call(method, path, body ?? {}) };
}
