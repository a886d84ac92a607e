/**
 * The exits that open a new tab (spec §4 "End of survey"; issue 13): the disqualified visitor's partner
 * link, and VW3's affiliate link for the lawyer-redirect reasons. A browser lets a page open a tab only
 * shortly after the visitor's tap, and the post's answer comes later: so at the tap the tab is opened,
 * empty, when the browser's own reading of the lead says an exit applies and its link is configured; once
 * the post has settled it is sent to the link (with the server's reading) or closed if no exit applies.
 */
import {
  lawyerRedirectLink,
  partnerLink,
  type FlowDefinition,
  type LeadVerdict,
  type PageConfig,
  type Tracking,
} from '@app/funnel';

export interface ExitLead {
  tracking: Tracking;
  lawyerRedirectReason: string;
}

/** The link the exits send this lead to, if any: VW3's lawyer link first, else the DQ partner link. */
export function exitLink(
  flow: FlowDefinition,
  config: PageConfig,
  lead: ExitLead,
  verdict: Pick<LeadVerdict, 'is_disqualified' | 'dq_reason'>,
): string | null {
  if (flow.ending.lawyerAffiliateLink === true && config.vw3AffiliateLink) {
    const link = lawyerRedirectLink(config.vw3AffiliateLink, {
      affid: lead.tracking.affid,
      sub_id: lead.tracking.sub_id,
      lawyer_redirect_reason: lead.lawyerRedirectReason,
    });
    if (link) return link;
  }
  if (verdict.is_disqualified && config.dqPartnerLink)
    return partnerLink(config.dqPartnerLink, lead.tracking, verdict.dq_reason);
  return null;
}

export interface ExitTab {
  /** Sends the tab to the link, or closes it when there is none. */
  settle: (link: string | null) => void;
}

/** Opens the empty tab now, from the tap, when an exit is expected; null when none is. */
export function openExitTab(expected: string | null): ExitTab | null {
  if (expected === null) return null;
  const tab = window.open('', '_blank');
  if (!tab) return null;
  return {
    settle(link) {
      if (link === null) tab.close();
      else {
        tab.opener = null;
        tab.location.href = link;
      }
    },
  };
}
