/**
 * The analytics and experiments screens' calls to /api/console (issue 16): a time limit, the same-origin
 * session cookie, bodies typed as `z.input` of the schema the server parses with, answers checked against
 * the shared schemas, and failures as an AnalyticsApiError with the API's stable code. Same contract as
 * the console shell's client (api/console-client.ts on the UI branch); kept in this folder so the two
 * screens drop into the shell on their own.
 */
import { ApiErrorSchema, type ApiErrorCode } from '@app/funnel';
import type { z } from 'zod';

export const ANALYTICS_TIMEOUT_MS = 15_000;

export class AnalyticsApiError extends Error {
  readonly code: ApiErrorCode | 'network' | 'timeout' | 'bad_answer';
  readonly fields: { field: string; message: string }[];
  constructor(code: AnalyticsApiError['code'], message: string, fields: { field: string; message: string }[] = []) {
    super(message);
    this.name = 'AnalyticsApiError';
    this.code = code;
    this.fields = fields;
  }
}

/** The query string of the non-empty values. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function call<S extends z.ZodType>(method: string, path: string, body: unknown, schema: S): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(`/api/console${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ANALYTICS_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new AnalyticsApiError(
      timedOut ? 'timeout' : 'network',
      timedOut ? 'The console did not answer in time' : 'The console cannot be reached',
    );
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ApiErrorSchema.safeParse(json);
    if (error.success) throw new AnalyticsApiError(error.data.error, error.data.message, error.data.fields);
    throw new AnalyticsApiError(response.status >= 500 ? 'server_error' : 'bad_request', response.statusText);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new AnalyticsApiError('bad_answer', 'The console answered something unexpected');
  return parsed.data;
}

export const getJson = <S extends z.ZodType>(path: string, schema: S) => call('GET', path, undefined, schema);
export const putJson = <S extends z.ZodType>(path: string, body: unknown, schema: S) => call('PUT', path, body, schema);

/** A sentence for the operator, by the error's stable code. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof AnalyticsApiError)) return 'Something went wrong. Try again.';
  switch (error.code) {
    case 'unauthorized':
      return 'Your session ended: sign in again.';
    case 'forbidden':
      return 'This request was refused.';
    case 'not_found':
      return 'Nothing found for this choice.';
    case 'invalid_body':
      return error.fields.map((f) => `${f.field}: ${f.message}`).join(' · ') || 'Some values are not valid.';
    case 'timeout':
    case 'network':
      return `${error.message}. Try again.`;
    default:
      return 'The console could not answer. Try again.';
  }
}
