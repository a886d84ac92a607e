/**
 * The operator's page configuration (GET /api/page-config, issue 13): asked once, when the survey's last
 * step is on screen, so the exits can open a tab from the visitor's tap (pop-up blockers allow a tab only
 * then). Nothing configured, or the call failed: no exit tab, the server's own IP lookup.
 */
import { PageConfigSchema, type FlowEffect, type PageConfig } from '@app/funnel';
import { apiCall } from '../../../api/api-client';
import { runTagEffects, startPageTags, type PageVisit } from '../tags/page-tags';
import { leadMapping } from './lead-mappings';

const NONE: PageConfig = {
  dqPartnerLink: null,
  vw3AffiliateLink: null,
  publicIpLookupUrl: null,
  prePopulationPercentage: 100,
  tags: {
    jornaya: null,
    trustedForm: null,
    clickTracker: null,
    callTracking: null,
    adScript: null,
    injuryPixel: null,
    ticketPixel: null,
    socialPixel: null,
    duiInjuryScript: null,
  },
};

let pending: Promise<PageConfig> | undefined;
let known: PageConfig | undefined;

/**
 * Once the survey is live: the configuration, and the tags it names that load with the page (forms/tags/);
 * the visit's lead mapping (§7 get-mappings), asked now so that the submit never waits for it.
 */
export function startPageIntegrations(visit: PageVisit): void {
  void loadPageConfig().then((config) => startPageTags(config.tags, visit));
  void leadMapping(visit.tracking);
}

/** A step was answered: the tags of the effects its flow declares for it. */
export function runStepEffects(effects: readonly FlowEffect[]): void {
  if (effects.length > 0) void loadPageConfig().then((config) => runTagEffects(config.tags, effects));
}

export function loadPageConfig(): Promise<PageConfig> {
  pending ??= apiCall({ path: '/api/page-config', answer: PageConfigSchema, attempts: 2 }).then((result) => {
    known = result.ok ? result.data : NONE;
    return known;
  });
  return pending;
}

/** The configuration if it has arrived (the tap cannot wait for it). */
export function pageConfigNow(): PageConfig | undefined {
  return known;
}
