/**
 * The console's one API client (issue 16): every call to /api/console goes through here, with a time
 * limit, the same-origin cookie, JSON bodies typed as `z.input` of the schema the server parses with,
 * answers checked against the shared schemas, and failures turned into a ConsoleApiError carrying the
 * API's stable code (packages/funnel api/api-error.ts), never its English sentence.
 */
import { ApiErrorSchema, type ApiErrorCode } from '@app/funnel';
import type { z } from 'zod';

/** A console call that takes longer than this is reported as failed (the operator can try again). */
export const CONSOLE_TIMEOUT_MS = 15_000;

export type ConsoleErrorCode = ApiErrorCode | 'network' | 'timeout' | 'bad_answer';

export class ConsoleApiError extends Error {
  readonly code: ConsoleErrorCode;
  readonly status: number;
  readonly fields: { field: string; message: string }[];

  constructor(
    code: ConsoleErrorCode,
    status: number,
    message: string,
    fields: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ConsoleApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

/** Listeners told when a call answers 401: the session ended, the console shows the sign-in screen. */
const signedOutListeners = new Set<() => void>();

export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export const CONSOLE_API = '/api/console';

/** A query string of the non-empty values (the shapes of the schemas' `z.input`). */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function errorOf(response: Response): Promise<ConsoleApiError> {
  const json: unknown = await response.json().catch(() => null);
  const parsed = ApiErrorSchema.safeParse(json);
  if (parsed.success) {
    return new ConsoleApiError(parsed.data.error, response.status, parsed.data.message, parsed.data.fields);
  }
  return new ConsoleApiError(
    response.status >= 500 ? 'server_error' : 'bad_request',
    response.status,
    response.statusText,
  );
}

async function send(method: string, path: string, body: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${CONSOLE_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CONSOLE_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ConsoleApiError(timedOut ? 'timeout' : 'network', 0, timedOut ? 'timed out' : 'network error');
  }
  if (!response.ok) {
    const error = await errorOf(response);
    if (error.code === 'unauthorized') for (const listener of signedOutListeners) listener();
    throw error;
  }
  return response;
}

async function answer<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ConsoleApiError('bad_answer', response.status, parsed.error.message);
  return parsed.data;
}

/** GET a JSON answer, checked against its schema. */
export async function getJson<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  return answer(await send('GET', path, undefined), schema);
}

/** POST or PUT a typed body; the answer checked against its schema (or none for 204). */
export async function sendJson<B, S extends z.ZodType>(
  method: 'POST' | 'PUT',
  path: string,
  body: B,
  schema: S,
): Promise<z.infer<S>> {
  return answer(await send(method, path, body), schema);
}

/** POST with no answer body expected (204). */
export async function postNoContent(path: string, body: object = {}): Promise<void> {
  await send('POST', path, body);
}
