/**
 * The calls around a submit (spec §7): the pre-submit check and the bad-words report. Both answer
 * 204; their failures are the browser's to ignore (§8).
 */
import { findBannedContent, LeadSubmissionSchema, PreSubmitBodySchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { saveProgress } from '../db/progress-store';
import { parseBody } from '../http/parse-body';
import { VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import type { Services } from '../services';
import { LEAD_BODY_LIMIT } from './post-lead';

/** The bad-words report carries the lead as posted; only its id and description are required. */
const BadWordsReportBodySchema = LeadSubmissionSchema.partial().required({ lead_id: true, case_description: true });

/** Every string and number of the lead, for the form-encoded webhook post (§7). */
function formFields(lead: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(lead)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      form.set(key, String(value));
  }
  return form;
}

export function registerLeadReports(app: FastifyInstance, services: Services): void {
  // Consent evidence before the post: the certificate and token ids with the server's own IP and agent.
  app.post('/api/pre-submit', { config: { rateLimit: VALIDATION_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(PreSubmitBodySchema, request.body, reply);
    if (!body) return reply;
    await saveProgress(services.db, {
      session: `pre-submit:${body.lead_id ?? 'unknown'}`,
      data: { ...body, server_ip_address: request.ip, server_user_agent: request.headers['user-agent'] ?? '' },
      receivedAt: services.now(),
    });
    return reply.code(204).send();
  });

  app.post(
    '/api/bad-words-report',
    { bodyLimit: LEAD_BODY_LIMIT, config: { rateLimit: VALIDATION_RATE_LIMIT } },
    async (request, reply) => {
      const lead = parseBody(BadWordsReportBodySchema, request.body, reply);
      if (!lead) return reply;
      const matches = findBannedContent(lead.case_description);
      const categories = [...new Set(matches.map((m) => m.category))].join(', ') || 'none found by the server';
      // The alert names the lead and the categories, never the words or the visitor's details.
      await services.providers.alerts.send(`Bad-words report for lead ${lead.lead_id}: ${categories}`);
      const webhook = services.config.BAD_WORDS_WEBHOOK_URL;
      if (webhook) {
        try {
          const response = await fetch(webhook, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: formFields(lead),
            signal: AbortSignal.timeout(5000),
          });
          if (!response.ok) request.log.warn({ status: response.status }, 'bad-words webhook refused the lead');
        } catch (error) {
          request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'bad-words webhook failed');
        }
      }
      return reply.code(204).send();
    },
  );
}
