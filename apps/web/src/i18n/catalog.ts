/**
 * The shape of a language's strings. Typed catalogs instead of an i18n runtime: two languages, no
 * plural rules beyond what Intl gives, and nothing extra in the survey bundle
 * (docs/decisions/0005-i18n-catalogs.md).
 */
import type { CaseTopic, MessageCode } from '@app/funnel';

export interface StepText {
  title: string;
  hint?: string;
  /** Label per option id (choice steps) or per field name (form steps). */
  labels?: Record<string, string>;
}

/** The eligibility flow's ends other than eligible (issue 28), by its verdict's dq_reason. */
export const ELIGIBILITY_ENDS = {
  'age_group|under_18': 'under18',
  'is_us_citizen|no': 'notCitizen',
  'secured_benefits|yes': 'benefitsSecured',
} as const;
export type EligibilityEnd = (typeof ELIGIBILITY_ENDS)[keyof typeof ELIGIBILITY_ENDS] | 'other';

export function eligibilityEndOf(dqReason: string): EligibilityEnd {
  return Object.entries(ELIGIBILITY_ENDS).find(([reason]) => reason === dqReason)?.[1] ?? 'other';
}

export interface Catalog {
  /** The page's title and description in the head (the server renders them, issue 10). */
  meta: { title: string; description: string };
  /** Issue 28: the title and description where a flow's case is not a car accident (the tab names it). */
  topicMeta: Record<Exclude<CaseTopic, 'accident'>, { title: string; description: string }>;
  steps: Record<string, StepText>;
  /**
   * Issue 11: a step's text where a flow's case is not a car accident (the ticket flow shares step ids
   * such as IncidentDescription with the accident flows, but not their hints). Looked up before `steps`.
   */
  topicSteps: Record<Exclude<CaseTopic, 'accident'>, Record<string, StepText>>;
  ui: {
    continue: string;
    /** The button's label while a step's remote checks are still on their way (issue 11). */
    checking: string;
    back: string;
    submit: string;
    submitting: string;
    progressLabel: string;
    optional: string;
    year: string;
    month: string;
    day: string;
    dayUnknown: string;
    months: readonly string[];
    /** §2: the last entry of the year list. */
    earlierThan: (year: string) => string;
    charactersNeeded: (n: number) => string;
    hitAndRun: string;
    callInstead: string;
    secure: string;
    /** Issue 28: the header's language switch: the other language's name, in that language. */
    otherLanguage: string;
  };
  footer: {
    advertisement: string;
    attorneyAdvertising: string;
    averageClaim: string;
    /** `{year}` and `{brand}` are filled in (layout/site-footer.tsx): plain text, so it can travel as JSON. */
    copyright: string;
    // Issue 12: the footer's links and its security line.
    linksLabel: string;
    privacy: string;
    terms: string;
    doNotSell: string;
    sponsors: string;
    secure: string;
  };
  /** The call button of the survey's own end screens (the thank-you pages' words are site/text/, issue 12). */
  thankYou: { reviewButton: string };
  notFound: { title: string; text: string; link: string };
  /** Labels of answer fields when a step shows several questions. */
  fieldLabels: Record<string, string>;
  /** Labels of the values of pick-one fields (answer value → label), per field. */
  values: Record<string, Record<string, string>>;
  /** What the visitor sees when a flow ends on the page instead of redirecting. */
  endScreens: {
    done: string;
    doneText: string;
    eligible: string;
    eligibleText: string;
    /**
     * Issue 28: the end true for each visitor the eligibility flow does not find eligible, by the verdict's
     * reason (rules/qualification.ts ELIGIBILITY_RULES); `other` for a reason without its own words.
     */
    notEligible: Record<EligibilityEnd, { title: string; text: string }>;
  };
  /** §2: the one-page variant's disqualification panel. */
  disqualifiedPanel: { title: string; text: string };
  /** Domain validation messages by their stable code (issue 11: never keyed by the English sentence). */
  errors: Record<MessageCode, string>;
  /** Issue 13: one-to-one consent (§4 the two consent modals) and SMS verification (§4, §5). */
  interactions: {
    buyersTitle: string;
    buyersHint: string;
    firstModalTitle: string;
    firstModalText: string;
    keepSelection: string;
    reviewFirms: string;
    secondModalTitle: string;
    secondModalText: string;
    selectAllContinue: string;
    continueWithout: string;
    smsTitle: string;
    smsText: (phone: string) => string;
    smsCodeLabel: string;
    smsVerify: string;
    smsResend: string;
    smsResendIn: (seconds: number) => string;
    smsSendFailed: string;
    smsSkip: string;
    smsContinueUnverified: string;
  };
}

/**
 * A step's text for a flow's case: the case's own where it has one (issue 11); the step's own words where
 * the flow asks it with other answers (issue 28, `textKey`).
 */
export function stepTextOf(catalog: Catalog, topic: CaseTopic, step: { id: string; textKey?: string }): StepText {
  const key = step.textKey ?? step.id;
  const own = topic === 'accident' ? undefined : catalog.topicSteps[topic][key];
  return own ?? catalog.steps[key] ?? { title: step.id };
}
