import { useId, useRef } from 'react';
import { CASE_DESCRIPTION_MIN_CHARS } from '@app/funnel';
import { translateError } from '../../i18n/translate-error';
import { FieldError } from './field-error';
import type { ScreenProps } from '../screens/screen-props';
import { StepSubmit } from './step-submit';
import { useStepForm } from './use-step-form';

/**
 * §2/§5: the description with a counter of characters still needed, and the hit-and-run flag where the
 * step asks it (issue 11: ask the flow; the ticket and DUI descriptions have no other driver). One
 * message per problem: the counter stays a hint, the error is the one red line.
 */
export function DescriptionScreen({ step, text, catalog, answers, submitStep, prepareStep }: ScreenProps) {
  const asksHitAndRun = step.screen.kind === 'description' && step.screen.hitAndRun !== false;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStepForm(
    {
      case_description: answers.case_description ?? '',
      ...(asksHitAndRun ? { hit_and_run: answers.hit_and_run ?? 'no' } : {}),
    },
    { submitStep, prepareStep },
    formRef,
  );
  const length = (form.values.case_description ?? '').trim().length;
  const needed = Math.max(0, CASE_DESCRIPTION_MIN_CHARS - length);
  const error = form.errors.case_description;
  // Unique on the page: the steps ahead and behind are rendered too, hidden (survey/step-view.tsx).
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <form className="form" ref={formRef} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <label className="field">
        <span className="field__label">{text.labels?.case_description}</span>
        <textarea
          name="case_description"
          rows={5}
          maxLength={5000}
          value={form.values.case_description}
          className={error ? 'input--error' : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${errorId} ${counterId}` : counterId}
          onChange={(e) => form.setValue('case_description', e.target.value)}
        />
      </label>
      <p id={counterId} className="counter" aria-live="polite">
        {needed > 0 ? catalog.ui.charactersNeeded(needed) : null}
      </p>
      <FieldError id={errorId} message={error ? translateError(catalog, error) : undefined} />
      {asksHitAndRun && (
        <label className="checkbox">
          <input
            type="checkbox"
            name="hit_and_run"
            checked={form.values.hit_and_run === 'yes'}
            onChange={(e) => form.setValue('hit_and_run', e.target.checked ? 'yes' : 'no')}
          />
          <span>{catalog.ui.hitAndRun}</span>
        </label>
      )}
      <StepSubmit onPress={(e) => void form.onSubmit(e)} final={false} busy={form.busy} catalog={catalog} />
    </form>
  );
}
