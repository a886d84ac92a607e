import type { StepDefinition, StepInput, SurveyAnswers } from '@app/funnel';
import type { Catalog, StepText } from '../../i18n/catalog';

/** A message per field, as the domain's validation and the remote checks give them (§5). */
export type StepErrors = Record<string, string>;

/** When a field's remote check may start: after a pause in typing, or at once when the visitor leaves it. */
export type CheckMoment = 'typing' | 'leaving';

export interface ScreenProps {
  step: StepDefinition;
  text: StepText;
  catalog: Catalog;
  answers: SurveyAnswers;
  /** The day the page was rendered for (year lists), the same on the server and in the browser. */
  today: string;
  submitStep: (input: StepInput) => Promise<StepErrors | null>;
  /**
   * Issue 10: works out, while the visitor pauses, what the input typed so far leads to (the domain's
   * validation and answer), so a tap with that input only shows the outcome. Pure: nothing changes.
   */
  prepareStep: (input: StepInput) => void;
  /**
   * Starts a field's remote check (§5: email, phone, zip) before the visitor taps on, so the answer is
   * usually there by then (issue 10: no step waits on the network unless it must show an error).
   */
  checkField: (field: string, value: string, moment: CheckMoment) => void;
  /**
   * How many of the step's questions are answered so far (a questions step tells it as the visitor
   * goes): the progress bar follows it where the whole survey is this one step (issue 11, /survey/v6).
   */
  reportAnswered: (answered: number, asked: number) => void;
}
