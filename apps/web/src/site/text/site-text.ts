/**
 * The words of the pages around the survey (issue 12): landing, thank-you pages, opt-out form, legal
 * pages' chrome. A catalog of its own, loaded only by those pages, so the survey's chunks do not carry
 * it. The legal texts themselves are Markdown files (site/content/), not strings here.
 */
import type { CompLevel, OptOutField, OptOutMessage } from '@app/funnel';

export interface SiteText {
  skipToContent: string;
  /** The header's call invitation (§2 "A header invites a call instead of the form"). */
  callHeader: string;
  callNow: string;
  /** Name of the other language, in that language, for the switch link. */
  otherLanguage: string;
  pageTitles: { landing: string; optOut: string; privacyPolicy: string; termsOfUse: string; sponsors: string };
  landing: {
    eyebrow: string;
    title: string;
    lead: string;
    formTitle: string;
    accidentLegend: string;
    start: string;
    formNote: string;
    choose: string;
    trust: readonly string[];
    howTitle: string;
    how: readonly { title: string; text: string }[];
    typesTitle: string;
    types: readonly { title: string; text: string }[];
    nextTitle: string;
    next: readonly { title: string; text: string }[];
    testimonialsTitle: string;
    testimonials: readonly { quote: string; name: string; place: string }[];
    testimonialNote: string;
    ctaTitle: string;
    ctaText: string;
  };
  thankYou: {
    /** §2 "an accident that may be worth mid to high value": qualified, no meter. */
    qualifiedTitle: string;
    qualifiedText: string;
    /** Issue 28: qualified with the meter shown, its §9 band's label (meterLabels). */
    bandTitle: (band: string) => string;
    /** Issue 28: qualified, no value claim (a DUI case; the meter's estimate on its way). */
    reviewTitle: string;
    disqualifiedTitle: string;
    disqualifiedText: string;
    /** Issue 28: a page without `q`: the verdict is not known. */
    receivedTitle: string;
    receivedText: string;
    /** Issue 28: the visitor refused every firm (§4 second modal): no firm will call. */
    noFirmTitle: string;
    noFirmText: string;
    nextStepsTitle: string;
    /** §2: confirmation, attorney follow-up, case activation, settlement. */
    nextSteps: readonly { title: string; text: string }[];
    reviewButton: string;
    reviewNote: string;
    meterTitle: string;
    meterIntro: string;
    meterEstimate: (amount: string) => string;
    meterNote: string;
    /** §9 labels by level (English: the domain's COMPENSATION_LABELS, one home). */
    meterLabels: Record<CompLevel, string>;
    ticketTitle: string;
    ticketText: string;
    ticketStepsTitle: string;
    ticketSteps: readonly { title: string; text: string }[];
    ticketButton: string;
    ticketReviewNote: string;
  };
  optOut: {
    title: string;
    intro: string;
    youTitle: string;
    agentTitle: string;
    requestTitle: string;
    labels: Record<Exclude<OptOutField, 'project'>, string>;
    selectState: string;
    agentQuestion: string;
    yes: string;
    no: string;
    receiveLegend: string;
    requestsLegend: string;
    agentTermsText: string;
    termsText: string;
    submit: string;
    sending: string;
    errorSummary: (count: number) => string;
    doneTitle: string;
    /** §8, word for word in English. */
    done: string;
    gpcDetected: string;
    recaptchaLabel: string;
    /** §5 messages (English, word for word) → this language; absent: shown as §5 words them. */
    messages: Partial<Record<OptOutMessage, string>>;
  };
  legal: { updated: string; backHome: string };
}
