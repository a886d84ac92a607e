/**
 * A funnel variant as data (architecture principle 1): ordered steps, each with the screen it shows,
 * its progress value, and a pure `next` that picks the following step from the answers so far.
 */
import type { DerivedFields, DerivePolicy } from '../lead/derive-lead';
import type { AnswerField, SurveyAnswers } from '../lead/survey-answers';

export const SUBMIT = 'submit';

export interface ChoiceOption {
  /** Stable id, used for the label lookup and by tests. */
  id: string;
  /** The answers picking this option writes. */
  set: Partial<SurveyAnswers>;
}

export type FormScreenKind =
  | 'incident-date'
  | 'description'
  | 'name-email'
  | 'phone-zip'
  | 'zip'
  | 'phone'
  | 'all-pii'
  | 'date-of-birth'
  | 'law-firm';

/** One question of a multi-question step (multi-step and one-page forms, ticket state). */
export interface Question {
  field: AnswerField;
  /** The accepted values when the question is a pick-one; absent for typed inputs. */
  options?: readonly string[];
  optional?: boolean;
  /**
   * Asked only when another answer of the same step has this value (issue 11: "When did you first get
   * treatment?" only after "Did you see a doctor? Yes"); not asked, it is neither shown nor required.
   */
  askedWhen?: { field: AnswerField; equals: string };
}

/** Whether a question is asked, given the step's answers so far (one predicate for the page and the check). */
export function isQuestionAsked(question: Question, answers: Readonly<Record<string, string | undefined>>): boolean {
  const when = question.askedWhen;
  return when === undefined || answers[when.field] === when.equals;
}

/**
 * What a flow's case is about (issue 11): its copy (hints, footer), its consent text and what its
 * thank-you page says follow it. Every flow is about a car accident except the ticket flow (a traffic ticket)
 * and the eligibility flow (benefits after an accident, issue 28).
 */
export type CaseTopic = 'accident' | 'traffic-ticket' | 'benefits';

export type Screen =
  | { kind: 'choice'; options: readonly ChoiceOption[] }
  | { kind: 'questions'; questions: readonly Question[] }
  /**
   * The description; `hitAndRun: false` where the variant's case has no other driver who could flee
   * (issue 11: the ticket flow, the DUI stop), so the box is not shown and no answer is recorded.
   */
  | { kind: 'description'; hitAndRun?: boolean }
  | { kind: Exclude<FormScreenKind, 'description'> };

/** What `next` reads: raw answers overlaid with the derived fields (dates, forced treatment…). */
export type FlowLead = SurveyAnswers & DerivedFields;

/**
 * Something the page does when a step is answered (spec §4: pixels, ad scripts, heatmap events; §7 "Third-party
 * tracking scripts load (ad script, ticket pixel, pixel on injury yes)"). The page maps each to the tag the
 * operator configured (tracking/page-tags.ts); none configured, nothing loads.
 */
export type FlowEffect =
  'load-ad-script' | 'load-injury-pixel' | 'load-ticket-pixel' | 'load-dui-injury-script' | 'heatmap-consent-event';

export interface StepDefinition {
  id: string;
  screen: Screen;
  /** Progress bar value while this step is shown (0–100). */
  progress: number;
  /** The next step id, or SUBMIT. `raw` holds the answers before derivation overrides them. */
  next: (lead: FlowLead, raw: SurveyAnswers) => string;
  /** Every step `next` may return (the flow graph as data; the engine refuses any other). */
  targets: readonly string[];
  /** Effects to run after this step is answered, decided from the answers. */
  effects?: (lead: FlowLead) => readonly FlowEffect[];
  /**
   * §4 one-to-one consent (issue 13): 'find-buyers' — answering this step runs the consent routine (the
   * buyers to consent to, which sets 1_to_1_consent); 'choose-buyers' — the step shows those buyers to
   * keep or unselect, with the consent modals, and its consent text names the ones kept.
   */
  consent?: 'find-buyers' | 'choose-buyers';
  /**
   * Issue 28: the key of the step's words where this flow asks the step's question with other answers than
   * the step of the same name elsewhere (the minimal variant's DidYouReceiveMedicalTreatment is yes/no, the
   * extended flow's lists treatments). Defaults to the step id.
   */
  textKey?: string;
}

/** Where a finished lead goes and what the visitor sees after (spec §4 "End of survey"). */
export interface FlowEnding {
  /** post-lead: our POST /post-lead; ingest: the external lead-ingest endpoint (§4 minimal, ticket). */
  destination: 'post-lead' | 'ingest' | 'none';
  /** redirect: to the route's thank-you URL; end-screen: stay and show `endScreen`. */
  after: 'redirect' | 'end-screen';
  endScreen?: string;
  /** §2: in the one-page variant a disqualified visitor sees a panel instead of a redirect. */
  disqualifiedPanel?: boolean;
  /** §4 VW3: after posting, the lawyer-redirect reasons open the affiliate link (tracking/affiliate-link.ts). */
  lawyerAffiliateLink?: boolean;
  /**
   * Fields the lead this flow posts goes without (§7 "Ticket flow: same kind of lead (without
   * accident_within_last_year, state_long, accident_limit_exceeded)"): kept out of what is stored and sent.
   */
  omitsFields?: readonly OmittableLeadField[];
}

/** The lead fields a flow may leave out of what it posts (§7). */
export type OmittableLeadField = 'accident_within_last_year' | 'state_long' | 'accident_limit_exceeded';

export interface FlowDefinition {
  id: string;
  first: string;
  steps: readonly StepDefinition[];
  /** How this flow derives and judges a lead (rules, medical window, re-tagging). */
  policy: DerivePolicy;
  ending: FlowEnding;
  /** §5: the phone's remote check; the multi-step form applies only the length check. */
  remotePhoneCheck: boolean;
  /** What the case is about: its copy and consent text follow it (issue 11). */
  topic: CaseTopic;
  /**
   * §2 "Progress bar has a plain style and a stepped style with an active step" (issue 13): 'stepped' shows
   * the flow's steps with the current one marked, beside the percentage.
   */
  progressStyle?: 'plain' | 'stepped';
}
