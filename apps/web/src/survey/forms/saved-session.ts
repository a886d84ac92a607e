/**
 * Reading a saved survey back (issue 2): parsed with a schema, so a stale or tampered entry starts a
 * fresh survey instead of crashing. In the forms chunk with the other schemas: only a visitor who
 * reloads mid-survey needs it before the first screen (issue 10).
 */
import {
  BuyerSchema,
  SurveyAnswersSchema,
  TrackingSchema,
  ZipPlaceSchema,
  type FlowDefinition,
  type FunnelRoute,
} from '@app/funnel';
import { z } from 'zod';
import { sessionStorageKey, type SurveySession } from '../survey-session';

export const SurveySessionSchema = z.object({
  version: z.literal(1),
  variant: z.string(),
  leadId: z.uuid(),
  path: z.array(z.string()).min(1),
  answers: SurveyAnswersSchema,
  tracking: TrackingSchema,
  landingSearch: z.string(),
  landingUrl: z.string(),
  referrer: z.string(),
  stepTimes: z.array(z.object({ step: z.string(), ms: z.number() })),
  place: ZipPlaceSchema.nullable(),
  textVerdict: z.enum(['yes', 'no']).nullable(),
  consent: z
    .object({
      buyers: z
        .object({
          displayed: z.array(BuyerSchema),
          allPossible: z.array(BuyerSchema),
          timeout: z.enum(['yes', 'no']),
        })
        .nullable(),
      choice: z
        .object({
          selected: z.array(z.string()),
          modals: z.object({ first: z.number().int().min(0), second: z.number().int().min(0) }),
        })
        .optional(),
    })
    .optional(),
}) satisfies z.ZodType<SurveySession>;

export function loadSession(route: FunnelRoute, flow: FlowDefinition, storage: Storage): SurveySession | null {
  try {
    const raw = storage.getItem(sessionStorageKey(route));
    if (raw === null) return null;
    const parsed = SurveySessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.variant !== route.variant) return null;
    const known = new Set(flow.steps.map((s) => s.id));
    return parsed.data.path.every((id) => known.has(id)) ? parsed.data : null;
  } catch {
    return null;
  }
}
