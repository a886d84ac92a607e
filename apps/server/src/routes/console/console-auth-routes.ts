/**
 * Sign-in and sign-out of the operator console (issue 16). Attempts are limited per IP (the shared
 * rate-limit counters) and per email and address (a counter in the database): an attacker can neither guess
 * one password quickly nor spray many accounts from one address. Issue 29, finding 7: the counter is per
 * email AND address (an IPv6 /64 as one), so wrong tries from elsewhere never lock the operator out, and the
 * right password from another address is answered. A wrong email and a wrong password take the same time
 * and get the same answer.
 */
import { SignInBodySchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { refuseCrossSite, requireOperator, operatorOf } from '../../console/console-guard';
import { endSession, SESSION_COOKIE, SESSION_MAX_MS, startSession } from '../../console/console-sessions';
import { secureCookie } from '../../http/secure-cookie';
import { recordOperatorAction } from '../../console/operator-audit';
import { operatorByEmail } from '../../console/operator-store';
import { decoyHash, verifyPassword } from '../../console/password-hash';
import { countUse, releaseUse } from '../../db/usage-counter-store';
import { sendApiError } from '../../http/api-error-reply';
import { parseWithProblems, sendInvalidBody } from '../../http/parse-body';
import type { RateLimitPreset } from '../../http/rate-limit';
import type { Services } from '../../services';
import { addressKey } from '../../http/address-key';

/** Per IP: a team signing in behind one office address is never near it. */
export const SIGN_IN_RATE_LIMIT = {
  max: 20,
  timeWindow: 15 * 60_000,
  skipOnError: false,
} as const satisfies RateLimitPreset;
/** Per email: five tries, then wait for the window to close. */
export const SIGN_IN_TRIES_PER_EMAIL = 5;
const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function registerConsoleAuthRoutes(app: FastifyInstance, services: Services): void {
  app.post('/sign-in', { config: { rateLimit: SIGN_IN_RATE_LIMIT } }, async (request, reply) => {
    const refused = refuseCrossSite(request, reply);
    if (refused) return refused;
    const parsed = parseWithProblems(SignInBodySchema, request.body);
    if (!parsed.ok) return sendInvalidBody(reply, parsed.fields);
    const { email, password } = parsed.data;
    const now = services.now();
    const triesKey = `console-sign-in:${services.keys.of('email', email)}:${addressKey(request.ip)}`;
    const tries = await countUse(services.db, triesKey, SIGN_IN_WINDOW_MS, now);
    if (tries.count > SIGN_IN_TRIES_PER_EMAIL) {
      const waitS = Math.max(1, Math.ceil((tries.resetAt.getTime() - now.getTime()) / 1000));
      void reply.header('retry-after', String(waitS));
      return sendApiError(reply, 429, 'too_many_requests', 'Too many sign-in attempts; try again later');
    }
    const operator = await operatorByEmail(services.db, email);
    const usable = operator !== undefined && operator.disabled_at === null;
    const matches = await verifyPassword(password, usable ? operator.password_hash : await decoyHash());
    if (!usable || !matches) return sendApiError(reply, 401, 'wrong_credentials', 'Wrong email or password');

    await releaseUse(services.db, triesKey);
    const token = await startSession(services.db, operator, now);
    await recordOperatorAction(services.db, { operator, action: 'sign_in', target: operator.id, at: now });
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie(request, services.config.production),
      path: '/',
      maxAge: SESSION_MAX_MS / 1000,
    });
    return reply.send({ email: operator.email });
  });

  app.post('/sign-out', async (request, reply) => {
    const refused = refuseCrossSite(request, reply);
    if (refused) return refused;
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(services.db, token);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/me', async (request, reply) => {
    const refused = await requireOperator(services, request, reply);
    if (refused) return refused;
    return reply.send({ email: operatorOf(request).email });
  });
}
