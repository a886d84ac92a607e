/** What the console says for each stable error code (translations are keyed by code, never by sentence). */
import type { ConsoleErrorCode } from './console-client';
import { ConsoleApiError } from './console-client';

const MESSAGES: Record<ConsoleErrorCode, string> = {
  invalid_body: 'Some values are not valid; see below.',
  body_too_large: 'That is too large to send.',
  bad_request: 'The server could not read that request.',
  unauthorized: 'Your session ended. Sign in again.',
  forbidden: 'That is not allowed from here.',
  not_found: 'Not found: it may have been removed.',
  conflict: 'That cannot be done in its current state.',
  too_many_requests: 'Too many attempts. Wait a few minutes and try again.',
  wrong_credentials: 'Wrong email or password.',
  service_unavailable: 'The server is busy. Try again in a moment.',
  server_error: 'Something went wrong on the server. Try again.',
  network: 'The server cannot be reached. Check the connection and try again.',
  timeout: 'The server took too long to answer. Try again.',
  bad_answer: 'The server sent an answer the console does not understand. Reload the page.',
};

export function consoleErrorMessage(error: unknown): string {
  return error instanceof ConsoleApiError ? MESSAGES[error.code] : MESSAGES.server_error;
}

/** The field problems of an invalid_body answer, if any. */
export function fieldProblems(error: unknown): { field: string; message: string }[] {
  return error instanceof ConsoleApiError ? error.fields : [];
}

/** A failed action as the note the operator reads. */
export function failureNote(error: unknown): { kind: 'error'; text: string } {
  return { kind: 'error', text: consoleErrorMessage(error) };
}
