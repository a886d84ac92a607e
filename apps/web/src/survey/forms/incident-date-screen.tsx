import { useContext, useId, useRef, useState } from 'react';
import {
  dayOptions,
  EARLIER_THAN_FIRST_YEAR,
  FIRST_LISTED_ACCIDENT_YEAR,
  monthOptions,
  yearOptions,
} from '@app/funnel';
import type { Catalog } from '../../i18n/catalog';
import { translateError } from '../../i18n/translate-error';
import { PaneShown } from '../pane-shown';
import { FieldError } from './field-error';
import type { ScreenProps } from '../screens/screen-props';
import { StepSubmit } from './step-submit';
import { useStepForm } from './use-step-form';

/** A year's label: §2's "Earlier than 2015" in the page's language (issue 11). */
export function yearLabel(catalog: Catalog, year: string): string {
  return year === EARLIER_THAN_FIRST_YEAR ? catalog.ui.earlierThan(String(FIRST_LISTED_ACCIDENT_YEAR)) : year;
}

/**
 * Issue 10: the options of a select whose pane has not been shown yet — the chosen one, if any, so the
 * select reads right. Some sixty options (three nodes each to style) would otherwise be styled again in the
 * tap that shows the step; the whole lists come in the render after that tap's paint, before a visitor can
 * open a select.
 */
function listed(all: readonly string[], chosen: string | undefined, whole: boolean): readonly string[] {
  return whole ? all : all.filter((value) => value === chosen);
}

/**
 * §2: year and month selects, the year list ending with "Earlier than 2015"; the day is optional.
 * Issue 11: a month or day still to come is not offered (the lists end today), and a pick a later year
 * change would put in the future is cleared.
 */
export function IncidentDateScreen({ catalog, answers, today, submitStep, prepareStep }: ScreenProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStepForm(
    {
      injury_year: answers.injury_year ?? '',
      injury_month: answers.injury_month ?? '',
      injury_day: answers.injury_day ?? '',
    },
    { submitStep, prepareStep },
    formRef,
  );
  const ui = catalog.ui;
  const error = form.errors.injury_year ?? form.errors.injury_month ?? form.errors.injury_day;
  const errorId = `${useId()}-error`;
  const { injury_year: year, injury_month: month, injury_day: day } = form.values;
  const noMonth = year === EARLIER_THAN_FIRST_YEAR;
  const months = monthOptions(year, today);
  const days = dayOptions(year, month, today);
  // The whole lists from the first render of the pane shown on; a pane kept ahead lists its choices only.
  const shown = useContext(PaneShown);
  const [whole, setWhole] = useState(shown);
  if (shown && !whole) setWhole(true);
  const pickYear = (value: string) => {
    form.setValue('injury_year', value);
    const allowedMonths = monthOptions(value, today);
    if (month && !allowedMonths.includes(month)) form.setValue('injury_month', '');
    else if (day && !dayOptions(value, month, today).includes(day)) form.setValue('injury_day', '');
  };
  const pickMonth = (value: string) => {
    form.setValue('injury_month', value);
    if (day && !dayOptions(year, value, today).includes(day)) form.setValue('injury_day', '');
  };
  const describedBy = error ? errorId : undefined;
  return (
    <form className="form" ref={formRef} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <div className="date-row">
        <label className="field">
          <span className="field__label">{ui.year}</span>
          <select
            name="injury_year"
            value={year}
            onChange={(e) => pickYear(e.target.value)}
            aria-invalid={Boolean(form.errors.injury_year)}
            aria-describedby={form.errors.injury_year ? describedBy : undefined}
          >
            <option value="">—</option>
            {listed(yearOptions(today), year, whole).map((y) => (
              <option key={y} value={y}>
                {yearLabel(catalog, y)}
              </option>
            ))}
          </select>
        </label>
        {!noMonth && (
          <label className="field">
            <span className="field__label">{ui.month}</span>
            <select
              name="injury_month"
              value={month}
              onChange={(e) => pickMonth(e.target.value)}
              aria-invalid={Boolean(form.errors.injury_month)}
              aria-describedby={form.errors.injury_month ? describedBy : undefined}
            >
              <option value="">—</option>
              {listed(months, month, whole).map((m) => (
                <option key={m} value={m}>
                  {ui.months[Number(m) - 1]}
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
              value={day}
              onChange={(e) => form.setValue('injury_day', e.target.value)}
              aria-invalid={Boolean(form.errors.injury_day)}
            >
              <option value="">{ui.dayUnknown}</option>
              {listed(days, day, whole).map((d) => (
                <option key={d} value={d}>
                  {Number(d)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <FieldError id={errorId} message={error ? translateError(catalog, error) : undefined} />
      <StepSubmit onPress={(e) => void form.onSubmit(e)} final={false} busy={form.busy} catalog={catalog} />
    </form>
  );
}
