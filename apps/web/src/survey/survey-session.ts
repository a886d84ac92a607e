/**
 * What the survey keeps across a reload (issue 2): the lead id made at the start, the flow state,
 * the tracking read from the landing URL, and time on steps. Stored per tab in sessionStorage once the
 * visitor has answered something; read back with a schema (forms/saved-session.ts).
 */
import {
  readTracking,
  startFlow,
  type FlowDefinition,
  type FunnelRoute,
  type SurveyAnswers,
  type Tracking,
  type ZipPlace,
} from '@app/funnel';
import type { ConsentState } from './consent-state';

export interface SurveySession {
  version: 1;
  variant: string;
  leadId: string;
  path: string[];
  answers: SurveyAnswers;
  tracking: Tracking;
  landingSearch: string;
  landingUrl: string;
  referrer: string;
  stepTimes: { step: string; ms: number }[];
  place: ZipPlace | null;
  /** The server's text check on the description, so the browser's verdict matches the server's. */
  textVerdict: 'yes' | 'no' | null;
  /** Issue 13, §4 one-to-one consent: the buyers found for the consent step, and what the visitor kept. */
  consent?: ConsentState;
}

/** Where the visit began: the landing URL (tracking is read from its query) and the referrer. */
export interface Landing {
  search: string;
  href: string;
  referrer: string;
}

export function sessionStorageKey(route: FunnelRoute): string {
  return `funnel:survey:${route.variant}`;
}

export function newSession(route: FunnelRoute, flow: FlowDefinition, landing: Landing, leadId: string): SurveySession {
  const start = startFlow(flow);
  return {
    version: 1,
    variant: route.variant,
    leadId,
    path: [...start.path],
    answers: start.answers,
    tracking: readTracking(landing.search, { oid: route.oid, affid: route.affid }),
    landingSearch: landing.search,
    landingUrl: landing.href,
    referrer: landing.referrer,
    stepTimes: [],
    place: null,
    textVerdict: null,
  };
}

/** Whether a survey of this variant was saved in this tab (read with its schema only then). */
export function hasSavedSession(route: FunnelRoute, storage: Storage): boolean {
  try {
    return storage.getItem(sessionStorageKey(route)) !== null;
  } catch {
    return false;
  }
}

export function saveSession(route: FunnelRoute, session: SurveySession, storage: Storage): void {
  try {
    storage.setItem(sessionStorageKey(route), JSON.stringify(session));
  } catch {
    // Storage full or disabled (private mode): the survey still works, it just won't survive a reload.
  }
}

export function clearSession(route: FunnelRoute, storage: Storage): void {
  try {
    storage.removeItem(sessionStorageKey(route));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
