/**
 * What the survey keeps across a reload (issue 2): the lead id made at the start, the flow state,
 * the tracking read from the landing URL, and time on steps. Stored per tab in sessionStorage and
 * parsed back with a schema, so a stale or tampered entry starts a fresh survey instead of crashing.
 */
import {
  SurveyAnswersSchema,
  TrackingSchema,
  ZipPlaceSchema,
  type FlowDefinition,
  type FunnelRoute,
} from '@app/funnel';
import { readTracking, startFlow } from '@app/funnel';
import { z } from 'zod';

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
  /** The server's text check on the description, so the browser's verdict matches the server's. */
  textVerdict: z.enum(['yes', 'no']).nullable(),
});

export type SurveySession = z.infer<typeof SurveySessionSchema>;

function storageKey(route: FunnelRoute): string {
  return `funnel:survey:${route.variant}`;
}

export function newSession(
  route: FunnelRoute,
  flow: FlowDefinition,
  location: Location,
  referrer: string,
): SurveySession {
  const start = startFlow(flow);
  return {
    version: 1,
    variant: route.variant,
    leadId: crypto.randomUUID(),
    path: [...start.path],
    answers: start.answers,
    tracking: readTracking(location.search, { oid: route.oid, affid: route.affid }),
    landingSearch: location.search,
    landingUrl: location.href,
    referrer,
    stepTimes: [],
    place: null,
    textVerdict: null,
  };
}

export function loadSession(route: FunnelRoute, flow: FlowDefinition, storage: Storage): SurveySession | null {
  try {
    const raw = storage.getItem(storageKey(route));
    if (raw === null) return null;
    const parsed = SurveySessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.variant !== route.variant) return null;
    const known = new Set(flow.steps.map((s) => s.id));
    return parsed.data.path.every((id) => known.has(id)) ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSession(route: FunnelRoute, session: SurveySession, storage: Storage): void {
  try {
    storage.setItem(storageKey(route), JSON.stringify(session));
  } catch {
    // Storage full or disabled (private mode): the survey still works, it just won't survive a reload.
  }
}

export function clearSession(route: FunnelRoute, storage: Storage): void {
  try {
    storage.removeItem(storageKey(route));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
