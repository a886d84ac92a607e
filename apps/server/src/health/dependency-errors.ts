/**
 * Issue 31: which dependency an error comes from, when it says that dependency is out, frozen or too slow
 * (and not that the request or the code is wrong). Such an error is answered 503 with Retry-After
 * (http/dependency-unavailable.ts) and marks the dependency down (health/dependency-state.ts).
 */
/** The dependencies an instance may need; the database is named by its dialect. */
export const DEPENDENCIES = ['postgres', 'sqlite', 'redis'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** What an error says is out: the database (whichever it is) or Redis. */
export type FailedPart = 'database' | 'redis';

/** node-postgres and pg-pool: no answer in time, no connection, a connection lost. */
const POSTGRES_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'the database connection was lost',
];

/**
 * PostgreSQL's own codes: 57014 statement timeout, 57P01-57P03 shutting down or starting, 53300 too many
 * connections, class 08 connection exceptions, 55P03 lock not available (lock_timeout).
 */
const POSTGRES_CODES = /^(57014|57P0[123]|53300|53100|55P03|08...)$/;

/** A socket that could not reach or lost its server. */
const SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'];

/** ioredis: a command not answered within commandTimeout, or no connection to send it on. */
const REDIS_MESSAGES = [
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
];

/** SQLite: the disk is full or failing, the file read-only, or the write lock held too long. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|PROTOCOL)/;

function codeOf(error: Error): string {
  return 'code' in error && typeof error.code === 'string' ? error.code : '';
}

export function failedPartOf(error: unknown): FailedPart | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = codeOf(error);
  if (SQLITE_CODES.test(code)) return 'database';
  if (error.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => error.message.startsWith(m))) {
    return 'redis';
  }
  if (POSTGRES_CODES.test(code) || POSTGRES_MESSAGES.some((m) => error.message.startsWith(m))) return 'database';
  // Outgoing vendor calls never throw (providers/vendor-request.ts): a socket error is the database's.
  if (SOCKET_CODES.includes(code)) return 'database';
  return error.cause === undefined ? undefined : failedPartOf(error.cause);
}
