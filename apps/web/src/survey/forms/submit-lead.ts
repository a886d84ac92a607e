/**
 * The end of the survey (spec §4 "End of survey"): the pre-submit check, the post, then the thank-you
 * URL or the end screen once all calls have settled, success or not (§8). The verdict shown is the
 * server's, from the post's answer (issue 10): only the server holds the word lists and recomputes
 * everything; when the post fails, the browser's own reading is used instead.
 */
import { consentTextOf, type ConsentSubject } from './consent-subject';
import {
  answersOnPath,
  buildThankYouUrl,
  formatTimeOnSteps,
  leadOf,
  type FlowContext,
  type FlowDefinition,
  type FunnelRoute,
  type LeadSubmissionSchema,
  type LeadVerdict,
  NO_FIRM_CHOSEN_VERDICT,
  withLeadMapping,
} from '@app/funnel';
import type { z } from 'zod';
import type { SurveyOutcome } from '../survey-outcome';
import type { SurveySession } from '../survey-session';
import { consentLeadPart } from './consent/consent-lead-fields';
import { exitLink, openExitTab } from './exits/exit-tab';
import { leadMapping } from './exits/lead-mappings';
import { loadPageConfig, pageConfigNow } from './exits/page-config';
import { prePopulation, stickyLpS2 } from './exits/pre-population';
import { settlementLevel } from './exits/settlement-level';
import { visitorIp } from './exits/visitor-ip';
import { trackerTransactionId } from './tags/click-tracker';
import { tagValues } from './tags/consent-tags';
import { postLead } from './post-lead';
import { preSubmitCheck } from './side-calls';
import { visitorUtcOffset } from '../../app/visitor-clock';

/**
 * §3 debug_id: the page build that made the lead, named by this chunk's file (its hash changes with the
 * code), so an operator can tell which version of the page a lead came from (docs/spec-decisions.md).
 */
function pageBuild(): string {
  const file = new URL(import.meta.url).pathname.split('/').pop() ?? '';
  return file.replace(/\.[cm]?[jt]sx?$/, '');
}

/** Where each flow ending posts (issue 4 fixes /api/ingest as the default external ingest). */
const DESTINATION_URL = { 'post-lead': '/post-lead', ingest: '/api/ingest' } as const;

export type SubmitResult = { kind: 'redirect'; url: string } | { kind: 'outcome'; outcome: SurveyOutcome };

export interface SubmitInput {
  flow: FlowDefinition;
  route: FunnelRoute;
  session: SurveySession;
  context: FlowContext;
  consent: ConsentSubject;
  /** The site's origin (§3 landing_page). */
  origin: string;
}

export async function submitLead({
  flow,
  route,
  session,
  context,
  consent,
  origin,
}: SubmitInput): Promise<SubmitResult> {
  const answers = answersOnPath(flow, session.path, session.answers);
  // Issue 13, §7: the click tracker's transaction id once it wrote one, else the landing URL's own.
  const tracking = {
    ...session.tracking,
    ef_transaction_id: trackerTransactionId() || session.tracking.ef_transaction_id,
  };
  // Issue 13: the §3 consent fields, and the consent text naming the buyers the visitor kept.
  const consented = consentLeadPart(flow, session.path, session.consent);
  // Every key one the server's schema parses; which are required depends on the flow's last steps.
  const body = {
    ...answers,
    ...tracking,
    lead_id: session.leadId,
    variant: route.variant,
    language: route.language,
    ...consented.fields,
    tcpa: consentTextOf(consent, consented.names, consented.declined),
    landing_page: origin,
    landing_page_url: session.landingUrl,
    page_referer: session.referrer,
    time_on_steps: formatTimeOnSteps(session.stepTimes),
    steps_path: session.path,
    // Issue 27: the server counts the accident's age on the visitor's calendar (lead/visitor-day.ts).
    utc_offset_minutes: visitorUtcOffset(),
    debug_id: pageBuild(),
  } satisfies Partial<z.input<typeof LeadSubmissionSchema>>;
  const { destination, after, endScreen, disqualifiedPanel } = flow.ending;
  const lead = leadOf(flow, session.path, session.answers, context);
  // Issue 28: a visitor who kept no law firm is promised no call, whatever the post's fate.
  let verdict: LeadVerdict = consented.declined ? NO_FIRM_CHOSEN_VERDICT : lead;
  // Issue 13, §4 exits: a tab opened now, from the tap, when the browser's reading expects one.
  const exitLead = { tracking, lawyerRedirectReason: lead.lawyer_redirect_reason };
  const known = pageConfigNow();
  const tab = known ? openExitTab(exitLink(flow, known, exitLead, lead)) : null;
  const config = known ?? (await loadPageConfig());
  const showMeter = new URLSearchParams(session.landingSearch).get('show-meter') === 'yes';
  const [ip, compLevel, prePopulate, mapping] = await Promise.all([
    visitorIp(config),
    showMeter ? settlementLevel(answers) : Promise.resolve(undefined),
    prePopulation(session.tracking.affid, config.prePopulationPercentage),
    // §7 get-mappings, asked while the visitor answered (exits/page-config.ts): usually in already.
    leadMapping(session.tracking),
  ]);
  const sent = {
    ...body,
    ...withLeadMapping(tracking, mapping),
    ...(ip ? { ip_address: ip } : {}),
    ...tagValues(),
    lp_s2: stickyLpS2(),
    pre_populate: prePopulate,
  } satisfies Partial<z.input<typeof LeadSubmissionSchema>>;
  if (destination !== 'none') {
    await preSubmitCheck(sent);
    const posted = await postLead(DESTINATION_URL[destination], sent);
    if (posted.ok && posted.answer) verdict = posted.answer.verdict;
  }
  const link = exitLink(flow, config, exitLead, verdict);
  if (tab) tab.settle(link);
  else if (link) window.open(link, '_blank', 'noopener');
  const result: SubmitResult =
    after === 'end-screen'
      ? {
          kind: 'outcome',
          outcome: {
            kind: 'end-screen',
            screen: endScreen ?? 'ThankYouStep',
            qualified: verdict.lead_is_qualified === 'yes',
            dqReason: verdict.dq_reason,
          },
        }
      : disqualifiedPanel && verdict.is_disqualified
        ? { kind: 'outcome', outcome: { kind: 'disqualified-panel' } }
        : {
            kind: 'redirect',
            url: buildThankYouUrl({
              page: route.thankYou,
              landingSearch: session.landingSearch,
              language: route.language,
              contact: { email: lead.email ?? '', phone: lead.phone ?? '', zip_code: lead.zip_code ?? '' },
              tracking,
              derived: { ...lead, ...verdict },
              ...(compLevel === undefined ? {} : { compLevel }),
            }),
          };
  return result;
}
