/**
 * The calls around a submit (spec §7): the pre-submit check and the bad-words report. Their failures are
 * the browser's to ignore (§8).
 *
 * The bad-words report (issue 9) names a stored lead by its id and nothing else: the server forwards its
 * own stored copy, only when its own filter matched, once per lead (http/bad-words-forward.ts). The
 * server already does this when it stores such a lead; the report only retries a forward that failed.
 * Any other field a report carries is ignored.
 */
import { PreSubmitBodySchema, stripInvisible } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { saveProgress } from '../db/progress-store';
import { EXCHANGE_PROJECT } from '../providers/exchange/lead-exchange';
import { forwardBadWords } from '../http/bad-words-forward';
import { parseBody } from '../http/parse-body';
import { validationRateLimit } from '../http/rate-limit';
import type { Services } from '../services';
import { LEAD_BODY_LIMIT } from './post-lead';

const BadWordsReportBodySchema = z.object({ lead_id: z.uuid({ error: 'lead_id must be a UUID' }) });

export function registerLeadReports(app: FastifyInstance, services: Services): void {
  const checks = validationRateLimit(services.config.CHECK_LIMIT_PER_MINUTE);
  // Consent evidence before the post: the certificate and token ids with the server's own IP and agent.
  app.post('/api/pre-submit', { config: { rateLimit: checks } }, async (request, reply) => {
    const body = parseBody(PreSubmitBodySchema, request.body, reply);
    if (!body) return reply;
    const userAgent = stripInvisible(request.headers['user-agent'] ?? '');
    await saveProgress(services.db, {
      session: `pre-submit:${body.lead_id ?? 'unknown'}`,
      data: { ...body, server_ip_address: request.ip, server_user_agent: userAgent },
      receivedAt: services.now(),
    });
    // §7 "also exchange store/lead-data with project MVA": the server's own IP and agent, never the body's.
    // Not awaited: §7 "failure ignored", and the visitor's submit does not wait on the exchange.
    void services.providers.exchange.storeLeadData({
      project: EXCHANGE_PROJECT,
      zipCode: body.zip_code ?? '',
      ipAddress: request.ip,
      userAgent,
      tf: body.trusted_form_cert_id ?? '',
      leadId: body.leadid_token ?? '',
    });
    return reply.code(204).send();
  });

  // The page still posts the whole lead (§7); only lead_id is read, so the limit stays the lead's.
  app.post(
    '/api/bad-words-report',
    { bodyLimit: LEAD_BODY_LIMIT, config: { rateLimit: checks } },
    async (request, reply) => {
      const body = parseBody(BadWordsReportBodySchema, request.body, reply);
      if (!body) return reply;
      const outcome = await forwardBadWords(services, body.lead_id, request.log);
      if (outcome === 'unknown_lead')
        return reply.code(404).send({ error: 'unknown_lead', message: 'No stored lead has this id' });
      return reply.code(204).send();
    },
  );
}
