/**
 * The pre-submit check before the post (spec §4 "End of survey", §7 "Pre-submit check: POST with zip_code,
 * ip_address, user_agent, trusted_form_cert_id, leadid_token"), through the one API client. Its failure is
 * ignored (§8): it never holds a visitor back.
 */
import { PreSubmitAnswerSchema, type PreSubmitBodySchema } from '@app/funnel';
import type { z } from 'zod';
import { apiCall } from '../../api/api-client';

const TIMEOUT_MS = 5000;

export async function preSubmitCheck(lead: {
  lead_id: string;
  zip_code?: string | undefined;
  trusted_form_cert_id?: string;
  leadid_token?: string;
  ip_address?: string;
}): Promise<void> {
  const body = {
    lead_id: lead.lead_id,
    zip_code: lead.zip_code ?? '',
    ip_address: lead.ip_address ?? '',
    user_agent: navigator.userAgent,
    trusted_form_cert_id: lead.trusted_form_cert_id ?? '',
    leadid_token: lead.leadid_token ?? '',
  } satisfies z.input<typeof PreSubmitBodySchema>;
  // §8: the answer (204, or an error code) changes nothing.
  await apiCall({
    path: '/api/pre-submit',
    body,
    answer: PreSubmitAnswerSchema,
    timeoutMs: TIMEOUT_MS,
    attempts: 1,
    keepalive: true,
  });
}
