/**
 * The survey page's third-party tags (issue 13; spec §3, §4, §6, §7, §9), each the operator's script from
 * GET /api/page-config and loaded only when configured (the server's CSP allows its origin only then).
 * Once the survey is live: the consent tags, the click tracker, the call-tracking number, and the social
 * pixel when the visitor's affid is 389 (§6). When a step is answered: the tags its flow declares as the
 * step's effects (an ad script, the injury, ticket or DUI pixel), never decided here from screens or fields.
 */
import { socialPixelApplies, tagOfEffect, type FlowEffect, type PageTags, type Tracking } from '@app/funnel';
import { startCallTracking } from './call-tracking';
import { startClickTracker } from './click-tracker';
import { startConsentTags } from './consent-tags';
import { loadScript, tagElementId } from './tag-script';

export interface PageVisit {
  tracking: Tracking;
  /** The call-tracking script's number, for the header's call button. */
  onCallNumber: (digits: string) => void;
}

export function startPageTags(tags: PageTags, visit: PageVisit): void {
  startConsentTags(tags);
  startClickTracker(tags.clickTracker, visit.tracking);
  startCallTracking(tags.callTracking, visit.onCallNumber);
  if (tags.socialPixel && socialPixelApplies(visit.tracking)) loadScript(tags.socialPixel, tagElementId('socialPixel'));
}

/** The tags of a step's effects; an effect whose tag is not configured loads nothing. */
export function runTagEffects(tags: PageTags, effects: readonly FlowEffect[]): void {
  for (const effect of effects) {
    const tag = tagOfEffect(effect);
    const script = tag ? tags[tag] : null;
    if (tag && script) loadScript(script, tagElementId(tag));
  }
}
