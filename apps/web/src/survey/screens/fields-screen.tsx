import type { FormScreenKind } from '@app/funnel';
import type { HTMLInputTypeAttribute } from 'react';
import { formatUsPhone } from '../../brand/brand';
import { translateError } from '../../i18n/use-catalog';
import { maskUsPhone, maskZip } from '../masks';
import { FieldError } from './field-error';
import { LockIcon } from './lock-icon';
import type { ScreenProps } from './screen-props';
import { useStepForm } from './use-step-form';

interface FieldSpec {
  name: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  mask?: (value: string) => string;
  optional?: boolean;
}

const FIELD: Record<string, FieldSpec> = {
  first_name: { name: 'first_name', type: 'text', autoComplete: 'given-name' },
  last_name: { name: 'last_name', type: 'text', autoComplete: 'family-name' },
  email: { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { name: 'phone', type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', mask: maskUsPhone },
  zip_code: { name: 'zip_code', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric', mask: maskZip },
  date_of_birth: { name: 'date_of_birth', type: 'date', autoComplete: 'bday' },
  law_firm_name: { name: 'law_firm_name', type: 'text', autoComplete: 'organization' },
  attorney_name: { name: 'attorney_name', type: 'text', autoComplete: 'off', optional: true },
};

type FieldScreenKind = Exclude<FormScreenKind, 'incident-date' | 'description'>;

/** The screens that end the survey: their button submits and the consent text sits under it. */
const FINAL_KINDS: ReadonlySet<FieldScreenKind> = new Set(['phone-zip', 'all-pii', 'phone']);

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
  kind,
  text,
  catalog,
  answers,
  submitStep,
  consentText,
}: ScreenProps & { kind: FieldScreenKind; consentText: string }) {
  const specs = LAYOUT[kind].map((name) => FIELD[name]).filter((s): s is FieldSpec => s !== undefined);
  const stored = new Map<string, unknown>(Object.entries(answers));
  const initialValue = (spec: FieldSpec) => {
    const value = stored.get(spec.name);
    if (typeof value !== 'string') return '';
    return spec.name === 'phone' && /^\d{10}$/.test(value) ? formatUsPhone(value) : value;
  };
  const form = useStepForm(Object.fromEntries(specs.map((s) => [s.name, initialValue(s)])), submitStep);
  const final = FINAL_KINDS.has(kind);
  return (
    <form className="form" onSubmit={(e) => void form.onSubmit(e)} noValidate>
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
                value={form.values[spec.name] ?? ''}
                className={error ? 'input--error' : undefined}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${spec.name}-error` : undefined}
                onChange={(e) => form.setValue(spec.name, spec.mask ? spec.mask(e.target.value) : e.target.value)}
              />
              <FieldError id={`${spec.name}-error`} message={error ? translateError(catalog, error) : undefined} />
            </label>
          );
        })}
      </div>
      <button className={`button${final ? ' button--submit' : ''}`} type="submit" disabled={form.busy}>
        {final ? catalog.ui.submit : catalog.ui.continue}
      </button>
      {final && (
        <p className="consent" data-testid="tcpa">
          {consentText}
        </p>
      )}
      {final && (
        <p className="secure">
          <LockIcon /> {catalog.ui.secure}
        </p>
      )}
    </form>
  );
}
