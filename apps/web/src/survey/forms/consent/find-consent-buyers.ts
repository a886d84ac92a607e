/**
 * The consent routine (spec §4 "Consent variant", §7 POST /buyers/get-available, §8, §9; issue 13): the
 * buyers the visitor may consent to, asked of the server with the lead's fields so far, waiting at most §9's
 * 15 s; on the routes with a fixed list (v4nv-d1, -d2, -x1) the server answers the list's configured firms
 * that can take the lead (issue 28). A failed or timed-out
 * call gives 1_to_1_timeout yes and empty lists, then the §9 fallback firms where the state allows them
 * (rules/consent-buyers.ts). 1_to_1_consent is yes when there is a buyer to consent to; a failure of the
 * whole routine makes it no (§8), and the visitor gets the abbreviated consent step.
 */
import {
  BUYERS_TIMEOUT_MS,
  BuyersResponseSchema,
  isConsentListId,
  resolveConsentBuyers,
  type BuyerSource,
  type BuyersBodySchema,
  type SurveyAnswers,
  type Tracking,
  type ZipPlace,
} from '@app/funnel';
import type { z } from 'zod';
import { apiCall } from '../../../api/api-client';
import type { ConsentState } from '../../consent-state';

export interface ConsentRoutineInput {
  source: BuyerSource | undefined;
  answers: SurveyAnswers;
  place: ZipPlace | null;
  /** The visit's tracking (§3): a buyer's criteria may name it, and the page knows it from the start. */
  tracking: Tracking;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export interface ConsentRoutineResult {
  answer: 'yes' | 'no';
  consent: ConsentState;
}

export async function findConsentBuyers(input: ConsentRoutineInput): Promise<ConsentRoutineResult> {
  try {
    const body = {
      fields: {
        ...input.tracking,
        ...input.answers,
        ...(input.place ?? {}),
        state: input.place?.state ?? '',
      },
      ...(isConsentListId(input.source) ? { list: input.source } : {}),
    } satisfies z.input<typeof BuyersBodySchema>;
    const result = await apiCall({
      path: '/buyers/get-available',
      body,
      answer: BuyersResponseSchema,
      timeoutMs: input.timeoutMs ?? BUYERS_TIMEOUT_MS,
      fetchImpl: input.fetchImpl,
    });
    const response = result.ok ? result.data : undefined;
    const buyers = resolveConsentBuyers({ state: input.place?.state ?? '', response });
    return { answer: buyers.displayed.length > 0 ? 'yes' : 'no', consent: { buyers } };
  } catch {
    return { answer: 'no', consent: { buyers: null } };
  }
}
