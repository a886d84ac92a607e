/**
 * A funnel variant as data (architecture principle 1): ordered steps, each with the screen it shows,
 * its progress value, and a pure `next` that picks the following step from the answers so far.
 */
import type { DerivedFields } from '../lead/derive-lead';
import type { SurveyAnswers } from '../lead/survey-answers';
import type { QualificationRuleId } from '../rules/qualification';

export const SUBMIT = 'submit';

export interface ChoiceOption {
  /** Stable id, used for the label lookup and by tests. */
  id: string;
  /** The answers picking this option writes. */
  set: Partial<SurveyAnswers>;
}

export type FormScreenKind =
  'incident-date' | 'description' | 'name-email' | 'phone-zip' | 'all-pii' | 'date-of-birth' | 'law-firm';

export type Screen = { kind: 'choice'; options: readonly ChoiceOption[] } | { kind: FormScreenKind };

/** What `next` reads: raw answers overlaid with the derived fields (dates, forced treatment…). */
export type FlowLead = SurveyAnswers & DerivedFields;

export interface StepDefinition {
  id: string;
  screen: Screen;
  /** Progress bar value while this step is shown (0–100). */
  progress: number;
  /** The next step id, or SUBMIT. `raw` holds the answers before derivation overrides them. */
  next: (lead: FlowLead, raw: SurveyAnswers) => string;
}

export interface FlowDefinition {
  id: string;
  first: string;
  steps: readonly StepDefinition[];
  /** Qualification rules this flow applies, in reporting order (§4 "one flow's rule set"). */
  rules: readonly QualificationRuleId[];
}
