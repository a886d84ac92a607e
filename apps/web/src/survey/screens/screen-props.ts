import type { StepDefinition, StepInput, SurveyAnswers } from '@app/funnel';
import type { Catalog, StepText } from '../../i18n/catalog';
import type { StepErrors } from '../use-survey';

export interface ScreenProps {
  step: StepDefinition;
  text: StepText;
  catalog: Catalog;
  answers: SurveyAnswers;
  submitStep: (input: StepInput) => Promise<StepErrors | null>;
}
