/**
 * The calls of the pages around the survey (issue 12), through one small client: JSON both ways, a
 * timeout, one retry when the network failed (never when the server answered), and the answer parsed with
 * the schema the server answers with. Errors come back as values, never thrown.
 */
import {
  OptOutCreatedSchema,
  SettlementEstimateResponseSchema,
  type OptOutRequestBody,
  type SettlementEstimateQuery,
} from '@app/funnel';
import type { z } from 'zod';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; status: number | null; body: unknown };

const TIMEOUT_MS = 10_000;

async function requestJson<S extends z.ZodType>(
  url: string,
  schema: S,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<ApiResult<z.output<S>>> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      if (attempt === 0) continue;
      return { ok: false, status: null, body: null };
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { ok: false, status: response.status, body };
    const parsed = schema.safeParse(body);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: response.status, body };
  }
}

/** §7 "Estimated settlement value fetch when show-meter=yes": the compLevel and the amount. */
export function fetchSettlementEstimate(query: SettlementEstimateQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return requestJson(`/api/settlement-estimate?${params.toString()}`, SettlementEstimateResponseSchema, {
    method: 'GET',
  });
}

/**
 * §7 opt-out: formData (non-empty fields only), reCaptchaToken and type, and the visitor's Global Privacy
 * Control setting, which the server stores with the request.
 */
export function postOptOut(body: OptOutRequestBody) {
  return requestJson('/api/opt-out', OptOutCreatedSchema, { method: 'POST', body });
}
