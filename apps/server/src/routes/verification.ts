/**
 * SMS verification (spec §4 "Phone verification", §7): send a code, check it. Rate-limited hard per IP
 * because every send costs money (SMS pumping); the provider adds the 30 s resend cooldown (§9).
 */
import { VerifyCheckBodySchema, VerifySendBodySchema } from '@app/funnel';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseBody } from '../http/parse-body';
import { SMS_RATE_LIMIT, VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import { toUsE164 } from '../providers/sms/us-phone-e164';
import type { Services } from '../services';

function invalidPhone(reply: FastifyReply) {
  return reply.code(400).send({
    error: 'invalid_body',
    message: 'Invalid fields: phone',
    fields: [{ field: 'phone', message: 'Please provide a valid phone number' }],
  });
}

export function registerVerification(app: FastifyInstance, services: Services): void {
  const sms = services.providers.sms;

  app.post('/api/verify/send', { config: { rateLimit: SMS_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(VerifySendBodySchema, request.body, reply);
    if (!body) return reply;
    const phone = toUsE164(body.phone);
    if (!phone) return invalidPhone(reply);
    const result = await sms.send(phone);
    return reply.send({
      sent: result.sent,
      ...(result.retryAfterMs !== undefined ? { retry_after_ms: result.retryAfterMs } : {}),
    });
  });

  // Checks are cheap but guessable: the validation limit stops brute force on a 6-digit code.
  app.post('/api/verify/check', { config: { rateLimit: VALIDATION_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(VerifyCheckBodySchema, request.body, reply);
    if (!body) return reply;
    const phone = toUsE164(body.phone);
    if (!phone) return invalidPhone(reply);
    return reply.send(await sms.check(phone, body.code));
  });
}
