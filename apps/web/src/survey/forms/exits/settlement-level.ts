/**
 * §7 "Estimated settlement value fetch when show-meter=yes is in the query string; response compLevel,
 * passed as cl" (issue 13): asked with the answers it reads; no answer, no cl (§8).
 */
import { SettlementEstimateQuerySchema, SettlementEstimateResponseSchema, type SurveyAnswers } from '@app/funnel';
import { apiCall } from '../../../api/api-client';

export async function settlementLevel(answers: SurveyAnswers): Promise<string | undefined> {
  const known = SettlementEstimateQuerySchema.keyof().options;
  const query = new URLSearchParams();
  for (const field of known) {
    const value = answers[field];
    if (typeof value === 'string') query.set(field, value);
  }
  const result = await apiCall({
    path: `/api/settlement-estimate?${query.toString()}`,
    answer: SettlementEstimateResponseSchema,
    timeoutMs: 3000,
  });
  return result.ok ? String(result.data.compLevel) : undefined;
}
