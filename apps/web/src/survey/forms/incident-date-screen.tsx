import { useRef } from 'react';
import { yearOptions } from '@app/funnel';
import { translateError } from '../../i18n/translate-error';
import { FieldError } from './field-error';
import type { ScreenProps } from '../screens/screen-props';
import { useStepForm } from './use-step-form';

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

/** §2: year and month selects, the year list ending with "Earlier than 2015"; the day is optional. */
export function IncidentDateScreen({ catalog, answers, today, submitStep }: ScreenProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStepForm(
    {
      injury_year: answers.injury_year ?? '',
      injury_month: answers.injury_month ?? '',
      injury_day: answers.injury_day ?? '',
    },
    submitStep,
    formRef,
  );
  const ui = catalog.ui;
  const error = form.errors.injury_year ?? form.errors.injury_month ?? form.errors.injury_day;
  const noMonth = form.values.injury_year === 'Earlier than 2015';
  return (
    <form className="form" ref={formRef} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <div className="date-row">
        <label className="field">
          <span className="field__label">{ui.year}</span>
          <select
            name="injury_year"
            value={form.values.injury_year}
            onChange={(e) => form.setValue('injury_year', e.target.value)}
            aria-invalid={Boolean(form.errors.injury_year)}
          >
            <option value="">—</option>
            {yearOptions(today).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        {!noMonth && (
          <label className="field">
            <span className="field__label">{ui.month}</span>
            <select
              name="injury_month"
              value={form.values.injury_month}
              onChange={(e) => form.setValue('injury_month', e.target.value)}
              aria-invalid={Boolean(form.errors.injury_month)}
            >
              <option value="">—</option>
              {ui.months.map((m, i) => (
                <option key={m} value={String(i + 1).padStart(2, '0')}>
                  {m}
                </option>
              ))}
            </select>
          </label>
        )}
        {!noMonth && (
          <label className="field">
            <span className="field__label">
              {ui.day} <small>({ui.optional})</small>
            </span>
            <select
              name="injury_day"
              value={form.values.injury_day}
              onChange={(e) => form.setValue('injury_day', e.target.value)}
            >
              <option value="">{ui.dayUnknown}</option>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {Number(d)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <FieldError id="injury-date-error" message={error ? translateError(catalog, error) : undefined} />
      <button className="button" type="submit" disabled={form.busy}>
        {ui.continue}
      </button>
    </form>
  );
}
