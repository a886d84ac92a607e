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
  'service_unavailable',
  'server_error',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const ApiErrorSchema = z.object({
  error: z.enum(API_ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type ApiError = z.infer<typeof ApiErrorSchema>;
