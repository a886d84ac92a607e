/**
 * The calls of the pages around the survey (issue 12), through the web app's one API client (ADR 0016):
 * JSON both ways, a time limit, one more try when no answer came or the server failed (5xx), the answer
 * parsed with the schema the server answers with, errors as stable codes, never thrown.
 */
import {
  OptOutCreatedSchema,
  SettlementEstimateResponseSchema,
  type OptOutRequestBody,
  type SettlementEstimateQuery,
} from '@app/funnel';
import { apiCall } from '../api/api-client';

const TIMEOUT_MS = 10_000;
const ATTEMPTS = 2;

/** §7 "Estimated settlement value fetch when show-meter=yes": the compLevel and the amount. */
export function fetchSettlementEstimate(query: SettlementEstimateQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return apiCall({
    path: `/api/settlement-estimate?${params.toString()}`,
    answer: SettlementEstimateResponseSchema,
    timeoutMs: TIMEOUT_MS,
    attempts: ATTEMPTS,
  });
}

/**
 * §7 opt-out: formData (non-empty fields only), reCaptchaToken and type, and the visitor's Global Privacy
 * Control setting, which the server stores with the request.
 */
export function postOptOut(body: OptOutRequestBody) {
  return apiCall({
    path: '/api/opt-out',
    body,
    answer: OptOutCreatedSchema,
    timeoutMs: TIMEOUT_MS,
    attempts: ATTEMPTS,
  });
}
