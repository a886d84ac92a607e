/**
 * The validation calls of spec §5/§7: text gibberish, phone, email. Each answers the vendor-shaped
 * result plus the server's §5 verdict, keeps a keyed record of it (validation_results: no raw PII, see
 * http/contact-checks.ts), and is rate-limited per IP. §8: a text check that fails answers 503
 * ("returns nothing").
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
import { recordValidation } from '../db/validation-store';
import { readEmail, readPhone } from '../http/contact-checks';
import { parseBody } from '../http/parse-body';
import { validationRateLimit } from '../http/rate-limit';
import { checkTextOrNothing } from '../providers/text/text-checker';
import type { Services } from '../services';

export function registerValidation(app: FastifyInstance, services: Services): void {
  const limited = { config: { rateLimit: validationRateLimit(services.config.CHECK_LIMIT_PER_MINUTE) } };
  app.post('/api/validate/text', limited, async (request, reply) => {
    const body = parseBody(ValidateTextBodySchema, request.body, reply);
    if (!body) return reply;
    const result = await checkTextOrNothing(services.text, body.text);
    if (!result)
      return reply.code(503).send({ error: 'text_check_unavailable', message: 'The text check gave no answer' });
    await recordValidation(services.db, {
      kind: 'text',
      key: services.keys.of('text', body.text),
      blocked: result.is_gibberish === 'yes',
      result,
      createdAt: services.now(),
    });
    return reply.send(result);
  });

  app.post('/api/validate/phone', limited, async (request, reply) => {
    const body = parseBody(ValidatePhoneBodySchema, request.body, reply);
    if (!body) return reply;
    const route = body.landing_path ? resolveRoute(body.landing_path) : undefined;
    const { check, verdict } = await readPhone(services, body.phone, {
      olderVersion: route?.legacyPhoneCheck === true,
    });
    const answer: PhoneCheckResponse = { ...check, error: verdict.error };
    return reply.send(answer);
  });

  // §5: the second block of the same address within a day is let through, with one alert.
  app.post('/api/validate/email', limited, async (request, reply) => {
    const body = parseBody(ValidateEmailBodySchema, request.body, reply);
    if (!body) return reply;
    const { check, verdict } = await readEmail(services, body.email, { asVisitorStep: true });
    const answer: EmailCheckResponse = { ...check, blocked: verdict.blocked };
    return reply.send(answer);
  });
}
