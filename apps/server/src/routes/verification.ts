/**
 * SMS verification (spec §4 "Phone verification", §7): send a code, check it. Every send costs money and
 * attracts SMS pumping (issue 9), so a code goes only to a valid number of the US or its territories that
 * passed the phone check, within the per-IP limit (an IPv6 /64 is one address), the §9 cooldown, the
 * per-phone caps and the site-wide cap (http/sms-send-guard.ts), all shared by every server instance.
 */
import { toUsE164, VerifyCheckBodySchema, VerifySendBodySchema } from '@app/funnel';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordSmsVerification } from '../db/sms-verification-store';
import { readPhone } from '../http/contact-checks';
import { parseBody } from '../http/parse-body';
import { SMS_RATE_LIMIT, validationRateLimit } from '../http/rate-limit';
import { allowSmsSend } from '../http/sms-send-guard';
import { parseUsRegionPhone } from '../providers/phone/us-phone-region';
import type { Services } from '../services';

function invalidPhone(reply: FastifyReply) {
  return reply.code(400).send({
    error: 'invalid_body',
    message: 'Invalid fields: phone',
    fields: [{ field: 'phone', message: 'Please provide a valid phone number' }],
  });
}

const CAP_MESSAGES = {
  phone_cap: 'Too many codes were sent to this phone; try again later',
  site_cap: 'Codes cannot be sent right now; try again later',
} as const;

export function registerVerification(app: FastifyInstance, services: Services): void {
  const checks = validationRateLimit(services.config.CHECK_LIMIT_PER_MINUTE);
  const sms = services.providers.sms;

  app.post('/api/verify/send', { config: { rateLimit: SMS_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(VerifySendBodySchema, request.body, reply);
    if (!body) return reply;
    const phone = toUsE164(body.phone);
    if (!phone || !parseUsRegionPhone(phone)) return invalidPhone(reply);
    // Only a phone that passed the phone check; a check that could not answer sends nothing (fail closed).
    if ((await readPhone(services, phone, { olderVersion: false })).outcome !== 'passed') return invalidPhone(reply);

    const allowance = await allowSmsSend(services, services.keys.of('phone', phone));
    if (!allowance.allowed) {
      if (allowance.reason === 'cooldown') return reply.send({ sent: false, retry_after_ms: allowance.retryAfterMs });
      return reply
        .code(429)
        .header('retry-after', Math.ceil(allowance.retryAfterMs / 1000))
        .send({
          error: 'too_many_requests',
          message: CAP_MESSAGES[allowance.reason],
          retry_after_ms: allowance.retryAfterMs,
        });
    }
    const result = await sms.send(phone);
    if (!result.sent) await allowance.release();
    return reply.send({ sent: result.sent });
  });

  // Checks are cheap but guessable: the validation limit stops brute force on a 6-digit code.
  app.post('/api/verify/check', { config: { rateLimit: checks } }, async (request, reply) => {
    const body = parseBody(VerifyCheckBodySchema, request.body, reply);
    if (!body) return reply;
    const phone = toUsE164(body.phone);
    if (!phone) return invalidPhone(reply);
    const result = await sms.check(phone, body.code);
    // Issue 13: the server is the source of sms_verified; the lead of this phone reads this record.
    if (result.status === 'approved')
      await recordSmsVerification(services.db, services.keys.of('phone', phone), services.now());
    return reply.send(result);
  });
}
