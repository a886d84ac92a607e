/**
 * The validation calls of spec §5/§7: text gibberish, phone, email. Each answers the vendor-shaped
 * result plus the server's §5 verdict, keeps a hashed record of it (validation_results: no raw PII),
 * and is rate-limited per IP. §8: a text check that fails answers 503 ("returns nothing").
 */
import {
  resolveRoute,
  ValidateEmailBodySchema,
  ValidatePhoneBodySchema,
  ValidateTextBodySchema,
  type EmailCheckResponse,
  type PhoneCheckResponse,
} from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { countEmailBlocks, recordValidation, validationKey } from '../db/validation-store';
import { parseBody } from '../http/parse-body';
import { VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import { emailLetThroughAlert, emailVerdict } from '../providers/email/email-verdict';
import { phoneVerdict } from '../providers/phone/phone-verdict';
import { checkTextOrNothing } from '../providers/text/text-checker';
import type { Services } from '../services';

const limited = { config: { rateLimit: VALIDATION_RATE_LIMIT } };

export function registerValidation(app: FastifyInstance, services: Services): void {
  const { db, providers } = services;

  app.post('/api/validate/text', limited, async (request, reply) => {
    const body = parseBody(ValidateTextBodySchema, request.body, reply);
    if (!body) return reply;
    const result = await checkTextOrNothing(services.text, body.text);
    if (!result)
      return reply.code(503).send({ error: 'text_check_unavailable', message: 'The text check gave no answer' });
    await recordValidation(db, {
      kind: 'text',
      key: validationKey('text', body.text),
      blocked: result.is_gibberish === 'yes',
      result,
      createdAt: services.now(),
    });
    return reply.send(result);
  });

  app.post('/api/validate/phone', limited, async (request, reply) => {
    const body = parseBody(ValidatePhoneBodySchema, request.body, reply);
    if (!body) return reply;
    const check = await providers.phone.check(body.phone);
    const route = body.landing_path ? resolveRoute(body.landing_path) : undefined;
    const verdict = phoneVerdict(check, { olderVersion: route?.legacyPhoneCheck === true });
    await recordValidation(db, {
      kind: 'phone',
      key: validationKey('phone', body.phone),
      blocked: verdict.error,
      result: check,
      createdAt: services.now(),
    });
    const answer: PhoneCheckResponse = { ...check, error: verdict.error };
    return reply.send(answer);
  });

  app.post('/api/validate/email', limited, async (request, reply) => {
    const body = parseBody(ValidateEmailBodySchema, request.body, reply);
    if (!body) return reply;
    const check = await providers.email.check(body.email);
    const key = validationKey('email', body.email);
    // §5: the second block of the same address is let through, and an alert is sent.
    const verdict = emailVerdict(check, await countEmailBlocks(db, key));
    await recordValidation(db, {
      kind: 'email',
      key,
      blocked: verdict.blocked,
      result: check,
      createdAt: services.now(),
    });
    if (verdict.alert && verdict.reason) await providers.alerts.send(emailLetThroughAlert(verdict.reason));
    const answer: EmailCheckResponse = { ...check, blocked: verdict.blocked };
    return reply.send(answer);
  });
}
