/**
 * GET /api/ip (spec §7 "a public IP lookup"): the visitor's address as the server sees it. GET
 * /api/page-config (issue 13): the exits and lookups the operator configured for the survey pages.
 */
import type { PageConfig, PageTags } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export function pageConfigOf(config: Config): PageConfig {
  return {
    dqPartnerLink: config.DQ_PARTNER_LINK ?? null,
    vw3AffiliateLink: config.VW3_AFFILIATE_LINK ?? null,
    publicIpLookupUrl: config.PUBLIC_IP_LOOKUP_URL ?? null,
    prePopulationPercentage: config.PREPOPULATION_PERCENTAGE,
    tags: pageTagsOf(config),
  };
}

/** Issue 13: each tag's script as configured (README's table), null when unset. */
function pageTagsOf(config: Config): PageTags {
  return {
    jornaya: config.JORNAYA_SCRIPT_URL ?? null,
    trustedForm: config.TRUSTEDFORM_SCRIPT_URL ?? null,
    clickTracker: config.CLICK_TRACKER_SCRIPT_URL ?? null,
    callTracking: config.CALL_TRACKING_SCRIPT_URL ?? null,
    adScript: config.AD_SCRIPT_URL ?? null,
    injuryPixel: config.INJURY_PIXEL_URL ?? null,
    ticketPixel: config.TICKET_PIXEL_URL ?? null,
    socialPixel: config.SOCIAL_PIXEL_URL ?? null,
    duiInjuryScript: config.DUI_INJURY_SCRIPT_URL ?? null,
  };
}

/** Issue 13: the origins of the configured tag scripts, the only other origins the CSP then allows. */
export function tagOrigins(config: Config): string[] {
  const origins = Object.values(pageTagsOf(config)).flatMap((url) => (url ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}

export function registerVisitorRoutes(app: FastifyInstance, config: Config): void {
  app.get('/api/ip', (request, reply) => reply.header('cache-control', 'no-store').send({ ip: request.ip }));
  const pageConfig = pageConfigOf(config);
  app.get('/api/page-config', (_request, reply) => reply.header('cache-control', 'no-cache').send(pageConfig));
}
