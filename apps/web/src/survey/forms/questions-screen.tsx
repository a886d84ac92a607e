/** A step of several questions (multi-step and one-page forms, ticket state): selects and inputs. */
import { useEffect, useRef } from 'react';
import { isQuestionAsked, monthOptions, SUBMIT, yearOptions, type Question, type StepInput } from '@app/funnel';
import { consentTextOf, type ConsentSubject } from './consent-subject';
import type { Catalog } from '../../i18n/catalog';
import { translateError } from '../../i18n/translate-error';
import { FieldError } from './field-error';
import { inputSpecFor } from './input-specs';
import type { ScreenProps } from '../screens/screen-props';
import { StepSubmit } from './step-submit';
import { useStepForm } from './use-step-form';
import { yearLabel } from './incident-date-screen';

function choicesFor(
  question: Question,
  catalog: Catalog,
  today: string,
  values: StepInput,
): { value: string; label: string }[] | null {
  if (question.field === 'injury_year') {
    return yearOptions(today).map((y) => ({ value: y, label: yearLabel(catalog, y) }));
  }
  // Issue 11: a month still to come is not offered.
  if (question.field === 'injury_month') {
    return monthOptions(values.injury_year, today).map((m) => ({
      value: m,
      label: catalog.ui.months[Number(m) - 1] ?? m,
    }));
  }
  if (!question.options) return null;
  const labels = catalog.values[question.field] ?? {};
  return question.options.map((o) => ({ value: o, label: labels[o] ?? o }));
}

export function QuestionsScreen({
  step,
  questions,
  text,
  catalog,
  answers,
  today,
  submitStep,
  prepareStep,
  checkField,
  reportAnswered,
  consent,
}: ScreenProps & { questions: readonly Question[]; consent: ConsentSubject }) {
  const stored = new Map<string, unknown>(Object.entries(answers));
  const initial = Object.fromEntries(
    questions.map((q) => {
      const v = stored.get(q.field);
      return [q.field, typeof v === 'string' ? v : ''];
    }),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStepForm(initial, { submitStep, prepareStep }, formRef);
  // Ask the flow: the step that submits has its button say so, with the consent text under it.
  const final = step.targets.includes(SUBMIT);
  // Issue 11: the questions asked now (a follow-up only once its answer calls for it), and how many
  // are answered, for a progress bar that follows the visitor on a one-page form.
  const asked = questions.filter((q) => isQuestionAsked(q, form.values));
  const answered = asked.filter((q) => (form.values[q.field] ?? '').trim() !== '').length;
  useEffect(() => reportAnswered(answered, asked.length), [reportAnswered, answered, asked.length]);
  const setValue = (field: string, value: string) => {
    form.setValue(field, value);
    const month = form.values.injury_month ?? '';
    if (field === 'injury_year' && month !== '' && !monthOptions(value, today).includes(month)) {
      form.setValue('injury_month', '');
    }
  };
  return (
    <form className="form" ref={formRef} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <div className="fields">
        {asked.map((q) => {
          const error = form.errors[q.field];
          const label = text.labels?.[q.field] ?? catalog.fieldLabels[q.field] ?? q.field;
          const choices = choicesFor(q, catalog, today, form.values);
          const spec = inputSpecFor(q.field);
          const common = {
            name: q.field,
            value: form.values[q.field] ?? '',
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? `${q.field}-error` : undefined,
            className: error ? 'input--error' : undefined,
          };
          return (
            <label className="field" key={q.field}>
              <span className="field__label">
                {label}
                {q.optional && <small> ({catalog.ui.optional})</small>}
              </span>
              {choices ? (
                <select {...common} onChange={(e) => setValue(q.field, e.target.value)}>
                  <option value="">—</option>
                  {choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              ) : q.field === 'case_description' ? (
                <textarea {...common} rows={4} maxLength={5000} onChange={(e) => setValue(q.field, e.target.value)} />
              ) : (
                <input
                  {...common}
                  type={spec.type}
                  autoComplete={spec.autoComplete}
                  inputMode={spec.inputMode}
                  onChange={(e) => {
                    const value = spec.mask ? spec.mask(e.target.value) : e.target.value;
                    setValue(q.field, value);
                    checkField(q.field, value, 'typing');
                  }}
                  onBlur={(e) => checkField(q.field, e.target.value, 'leaving')}
                />
              )}
              <FieldError id={`${q.field}-error`} message={error ? translateError(catalog, error) : undefined} />
            </label>
          );
        })}
      </div>
      <StepSubmit
        onPress={(e) => void form.onSubmit(e)}
        final={final}
        busy={form.busy}
        catalog={catalog}
        consentText={consentTextOf(consent)}
      />
    </form>
  );
}
