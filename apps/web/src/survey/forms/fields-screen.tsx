import { useRef } from 'react';
import { dateOfBirthRange, formatUsPhone, isUsPhone, SUBMIT, type FormScreenKind } from '@app/funnel';
import { consentTextOf, type ConsentSubject } from './consent-subject';
import { translateError } from '../../i18n/translate-error';
import { FieldError } from './field-error';
import { inputSpecFor, type InputSpec } from './input-specs';
import type { ScreenProps } from '../screens/screen-props';
import { StepSubmit } from './step-submit';
import { useStepForm } from './use-step-form';

type FieldScreenKind = Exclude<FormScreenKind, 'incident-date' | 'description'>;

const LAYOUT: Record<FieldScreenKind, readonly string[]> = {
  'name-email': ['first_name', 'last_name', 'email'],
  'phone-zip': ['phone', 'zip_code'],
  zip: ['zip_code'],
  phone: ['phone'],
  'all-pii': ['first_name', 'last_name', 'email', 'phone', 'zip_code'],
  'date-of-birth': ['date_of_birth'],
  'law-firm': ['law_firm_name', 'attorney_name'],
};

/** Screens made of plain inputs: contact details, date of birth, law firm. */
export function FieldsScreen({
  step,
  kind,
  text,
  catalog,
  answers,
  today,
  submitStep,
  prepareStep,
  checkField,
  consent,
}: ScreenProps & { kind: FieldScreenKind; consent: ConsentSubject }) {
  const specs = LAYOUT[kind].map(inputSpecFor);
  const stored = new Map<string, unknown>(Object.entries(answers));
  const initialValue = (spec: InputSpec) => {
    const value = stored.get(spec.name);
    if (typeof value !== 'string') return '';
    return spec.name === 'phone' && isUsPhone(value) ? formatUsPhone(value) : value;
  };
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStepForm(
    Object.fromEntries(specs.map((s) => [s.name, initialValue(s)])),
    { submitStep, prepareStep },
    formRef,
  );
  // Ask the flow: the step that submits has its button say so, with the consent text under it.
  const final = step.targets.includes(SUBMIT);
  // Issue 11: the date picker offers only dates of birth the step accepts (16 to 110 years old).
  const birthRange = dateOfBirthRange(today);
  return (
    <form className="form" ref={formRef} onSubmit={(e) => void form.onSubmit(e)} noValidate>
      <div className={`fields fields--${kind}`}>
        {specs.map((spec) => {
          const error = form.errors[spec.name];
          return (
            <label className="field" key={spec.name}>
              <span className="field__label">
                {text.labels?.[spec.name] ?? spec.name}
                {spec.optional && <small> ({catalog.ui.optional})</small>}
              </span>
              <input
                name={spec.name}
                type={spec.type}
                autoComplete={spec.autoComplete}
                inputMode={spec.inputMode}
                {...(spec.name === 'date_of_birth' ? birthRange : {})}
                value={form.values[spec.name] ?? ''}
                className={error ? 'input--error' : undefined}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${spec.name}-error` : undefined}
                onChange={(e) => {
                  const value = spec.mask ? spec.mask(e.target.value) : e.target.value;
                  form.setValue(spec.name, value);
                  checkField(spec.name, value, 'typing');
                }}
                onBlur={(e) => checkField(spec.name, e.target.value, 'leaving')}
              />
              <FieldError id={`${spec.name}-error`} message={error ? translateError(catalog, error) : undefined} />
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
