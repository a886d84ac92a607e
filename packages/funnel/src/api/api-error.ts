/**
 * The error answers of the API: one union of stable codes, shared by the server (which sends them) and
 * the browser (which translates them by code, never by the English sentence).
 */
import { z } from 'zod';

export const API_ERROR_CODES = [
  /** A body or query that fails its schema; `fields` names each problem. */
  'invalid_body',
  'body_too_large',
  'bad_request',
  /** No session, or a session that ended (the console). */
  'unauthorized',
  /** A cross-site request, or an action this operator may not take. */
  'forbidden',
  'not_found',
  /** The action cannot be taken in the thing's current state (e.g. retrying a job that is not dead). */
  'conflict',
  'too_many_requests',
  'wrong_credentials',
  /** A dependency (the database, Redis) is out or too slow: nothing was done; try again after Retry-After. */
  'service_unavailable',
  'server_error',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The message of every `service_unavailable` answer (issue 31): a dependency was out, nothing was kept, the
 * same request may be sent again (a lead by its id is stored once). First said by SQLite's full disk.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The request was not saved; please try again';

export const ApiErrorSchema = z.object({
  error: z.enum(API_ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * What the browser's API client reports when no error answer came: the call failed on the network, ran
 * out of time, or answered something its schema cannot read. Never sent by the server.
 */
export const CLIENT_ERROR_CODES = ['network_error', 'timeout', 'unreadable_answer'] as const;

export type ClientErrorCode = ApiErrorCode | (typeof CLIENT_ERROR_CODES)[number];

/** The code of an error answer that carries none of its own (a proxy's page, an empty body), by status. */
export function apiErrorCodeOfStatus(status: number): ApiErrorCode {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'body_too_large';
  if (status === 429) return 'too_many_requests';
  if (status === 503) return 'service_unavailable';
  return status >= 500 ? 'server_error' : 'bad_request';
}
