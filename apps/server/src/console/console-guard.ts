/**
 * The console's door (issue 16): every /api/console request from another site is refused with 403 (the
 * browser says so in Sec-Fetch-Site, or, from older browsers, in Origin), and every request but sign-in
 * needs a live session (401 otherwise). The session cookie is HttpOnly and SameSite=Strict as well, so a
 * cross-site request does not even carry it.
 */
// The cookie plugin's type augmentation (request.cookies); it is registered by routes/console.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { sessionOperator, SESSION_COOKIE } from './console-sessions';
import type { Operator } from './operator-store';
import { sendApiError } from '../http/api-error-reply';

export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (!URL.canParse(origin)) return true;
  // Issue 29: the scheme too (an https page is another origin than this http one: RFC 6454).
  const from = new URL(origin);
  return from.host !== request.headers.host || from.protocol !== `${request.protocol}:`;
}

const operators = new WeakMap<FastifyRequest, Operator>();

/** The signed-in operator of a request that passed `requireOperator`. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (!operator) throw new Error('operatorOf() on a request without a signed-in operator');
  return operator;
}

export function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!isCrossSite(request)) return undefined;
  return sendApiError(reply, 403, 'forbidden', 'Cross-site requests to the console are refused');
}

export async function requireOperator(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const refused = refuseCrossSite(request, reply);
  if (refused) return refused;
  const token = request.cookies[SESSION_COOKIE];
  const operator = token ? await sessionOperator(services.db, token, services.now()) : null;
  if (!operator) return sendApiError(reply, 401, 'unauthorized', 'Sign in to use the console');
  operators.set(request, operator);
  return undefined;
}
