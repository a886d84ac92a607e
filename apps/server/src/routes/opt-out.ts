/**
 * POST /api/opt-out (spec §3 "Opt-out form", §5 messages, §7): validated with the domain's schema
 * (400 with the §5 message per field), reCAPTCHA-checked when a secret is configured, stored with its
 * due date, and, for opt-out of sale or deletion, the contact goes on the suppression list so no
 * later lead of theirs is sold. A `Sec-GPC: 1` header, or the page's `globalPrivacyControl: true`, is
 * stored with the request.
 */
import { dropEmptyFields, OPT_OUT_MESSAGES, parseOptOutRequest, type OptOutFieldError } from '@app/funnel';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OPT_OUT_REQUEST_TYPES } from '../db/opt-out-request-type';
import { storeOptOutRequest } from '../db/opt-out-store';
import { addSuppression } from '../db/suppression-store';
import { validationRateLimit } from '../http/rate-limit';
import type { Services } from '../services';

function refuse(reply: FastifyReply, fields: readonly OptOutFieldError[]) {
  return reply
    .code(400)
    .send({ error: 'invalid_body', message: `Invalid fields: ${fields.map((f) => f.field).join(', ')}`, fields });
}

export function registerOptOut(app: FastifyInstance, services: Services): void {
  const checks = validationRateLimit(services.config.CHECK_LIMIT_PER_MINUTE);
  app.post('/api/opt-out', { config: { rateLimit: checks } }, async (request, reply) => {
    const parsed = parseOptOutRequest(request.body ?? {});
    if (!parsed.ok) return refuse(reply, parsed.errors);
    const { formData, reCaptchaToken, globalPrivacyControl } = parsed.request;

    if (services.recaptcha.enabled) {
      const verdict = await services.recaptcha.verify(reCaptchaToken, request.ip, request.hostname);
      if (!verdict.ok) {
        request.log.info({ reason: verdict.reason }, 'opt-out refused by reCAPTCHA');
        return refuse(reply, [{ field: 'reCaptchaToken', message: OPT_OUT_MESSAGES.recaptcha }]);
      }
    }

    const requestTypes = OPT_OUT_REQUEST_TYPES.filter((type) => formData[type] === true);
    const receivedAt = services.now();
    const stored = await storeOptOutRequest(services.db, {
      requestTypes,
      formData: dropEmptyFields(formData),
      // The browser's Sec-GPC header, or the page's navigator.globalPrivacyControl (issue 12).
      secGpc: request.headers['sec-gpc'] === '1' || globalPrivacyControl === true,
      receivedAt,
    });
    if (formData.optOutOfSaleOrSharingOfInformation === true || formData.requestToDeleteInformation === true) {
      await addSuppression(services.db, {
        email: formData.email,
        phone: formData.phone,
        reason: `opt-out request ${stored.id}`,
        addedAt: receivedAt,
      });
    }
    return reply.code(201).send({ id: stored.id, due_at: stored.dueAt });
  });
}
