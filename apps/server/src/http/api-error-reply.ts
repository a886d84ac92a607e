/** Sends an error answer of the shared shape ({error: code, message, fields?}; packages/funnel api-error.ts). */
import type { ApiError, ApiErrorCode } from '@app/funnel';
import type { FastifyReply } from 'fastify';

export function sendApiError(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  fields?: ApiError['fields'],
): FastifyReply {
  const body: ApiError = { error: code, message, ...(fields ? { fields } : {}) };
  return reply.code(status).send(body);
}
