/**
 * The opt-out form `/do-not-sell-my-information` (spec §2 "opt-out form with a simple logo header and
 * footer", §3 fields, §4 editing → loading → dataSent, §5 messages, §8, §9 states; issue 12). It checks
 * with the domain's schema (the one the server parses with), shows each field's §5 message beside it,
 * announces them, and scrolls to the first with a 100 px offset; reCAPTCHA only when a site key is
 * configured; posts to POST /api/opt-out with the browser's Global Privacy Control; the thank-you text
 * shows after the send, also when it failed (§8).
 */
import {
  DO_NOT_SELL_FORM_TYPE,
  dropEmptyFields,
  maskUsPhone,
  OPT_OUT_MESSAGES,
  OPT_OUT_RECEIVE_FIELDS,
  OPT_OUT_REQUEST_FIELDS,
  OPT_OUT_STATE_NAMES,
  OPT_OUT_STATES,
  SITE_PATHS,
  validateOptOutForm,
  type OptOutErrorField,
  type OptOutField,
  type OptOutFieldError,
  type OptOutFormInput,
} from '@app/funnel';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { postOptOut } from '../site/site-api';
import { SiteLayout } from '../site/site-layout';
import type { SitePageProps } from '../site/site-page-props';
import { useRecaptcha } from '../site/use-recaptcha';

export interface OptOutPageProps extends SitePageProps {
  recaptchaSiteKey: string | null;
}

/** §5 "On failure the page scrolls to the first error (offset 100 px)". */
export const ERROR_SCROLL_OFFSET_PX = 100;

type Errors = Partial<Record<OptOutErrorField, string>>;
type Status = 'editing' | 'loading' | 'dataSent';

const errorId = (field: string) => `${field}-error`;
const noSubscription = () => () => undefined;

function errorsOf(list: readonly OptOutFieldError[]): Errors {
  return Object.fromEntries(list.map((e) => [e.field, e.message]));
}

/** Where a field's error is shown (and scrolled to): groups show theirs on the group. */
function anchorOf(field: OptOutErrorField): string {
  if (OPT_OUT_RECEIVE_FIELDS.some((f) => f === field)) return 'receive-group';
  if (OPT_OUT_REQUEST_FIELDS.some((f) => f === field)) return 'requests-group';
  if (field === 'authorizedAgent') return 'agent-group';
  return field;
}

function scrollToFirstError(field: OptOutErrorField): void {
  const target = document.getElementById(anchorOf(field));
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - ERROR_SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior: 'smooth' });
  const focusable = target.matches('input, select, textarea') ? target : target.querySelector('input');
  if (focusable instanceof HTMLElement) focusable.focus({ preventScroll: true });
}

export default function OptOutPage(props: OptOutPageProps) {
  const { text, brand, recaptchaSiteKey, language } = props;
  const t = text.optOut;
  const [values, setValues] = useState<OptOutFormInput>({});
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>('editing');
  // The browser's Global Privacy Control, read after hydration (the server cannot know it).
  const gpc = useSyncExternalStore(
    noSubscription,
    () => navigator.globalPrivacyControl === true,
    () => false,
  );
  const done = useRef<HTMLHeadingElement>(null);
  const captchaBox = useRef<HTMLDivElement>(null);
  const recaptcha = useRecaptcha(captchaBox, recaptchaSiteKey, language);
  const say = (message: string | undefined) =>
    message === undefined ? undefined : (Object.entries(t.messages).find(([m]) => m === message)?.[1] ?? message);

  useEffect(() => {
    if (status === 'dataSent') done.current?.focus();
  }, [status]);

  const set = (field: OptOutField, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const rest = { ...e };
      delete rest[field];
      return rest;
    });
  };
  const agent = values.authorizedAgent === 'yes';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'editing') return;
    const form: OptOutFormInput = { ...values, project: brand.id };
    const checked = validateOptOutForm(form);
    const token = recaptcha.token();
    const found: OptOutFieldError[] = checked.ok ? [] : [...checked.errors];
    if (recaptchaSiteKey !== null && token === '') {
      found.push({ field: 'reCaptchaToken', message: OPT_OUT_MESSAGES.recaptcha });
    }
    const [first] = found;
    if (first) {
      setErrors(errorsOf(found));
      requestAnimationFrame(() => scrollToFirstError(first.field));
      return;
    }
    setErrors({});
    setStatus('loading');
    const result = await postOptOut({
      formData: dropEmptyFields(form),
      reCaptchaToken: token,
      type: DO_NOT_SELL_FORM_TYPE,
      globalPrivacyControl: navigator.globalPrivacyControl === true,
    });
    const refused = !result.ok && result.status === 400 ? refusedFields(result.fields ?? []) : [];
    const [firstRefused] = refused;
    if (firstRefused) {
      // Only the captcha can be refused here (the page checked the rest with the server's schema).
      recaptcha.reset();
      setErrors(errorsOf(refused));
      setStatus('editing');
      requestAnimationFrame(() => scrollToFirstError(firstRefused.field));
      return;
    }
    // §8: a failed send still shows the thank-you text.
    setStatus('dataSent');
  };

  const count = Object.keys(errors).length;
  const field = (name: Exclude<OptOutField, 'project'>, input: ReactNode) => (
    <div className={errors[name] ? 'field field--error' : 'field'}>
      <label htmlFor={name}>{t.labels[name]}</label>
      {input}
      <FieldError id={errorId(name)} message={say(errors[name])} />
    </div>
  );
  const textInput = (
    name:
      | 'firstName'
      | 'lastName'
      | 'address'
      | 'city'
      | 'zip'
      | 'email'
      | 'agentFirstName'
      | 'agentLastName'
      | 'agentEmail',
    autoComplete: string,
    type = 'text',
  ) =>
    field(
      name,
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={typeof values[name] === 'string' ? values[name] : ''}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? errorId(name) : undefined}
      />,
    );
  const phoneInput = (name: 'phone' | 'agentPhone') =>
    field(
      name,
      <input
        id={name}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete={name === 'phone' ? 'tel-national' : 'off'}
        placeholder="(555) 555-5555"
        value={typeof values[name] === 'string' ? values[name] : ''}
        onChange={(e) => set(name, maskUsPhone(e.target.value))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? errorId(name) : undefined}
      />,
    );
  const checkbox = (name: OptOutField, describedBy?: string) => (
    <label className="check" key={name}>
      <input
        type="checkbox"
        id={name}
        name={name}
        checked={values[name] === true}
        onChange={(e) => set(name, e.target.checked)}
        aria-describedby={describedBy}
      />
      <span>{name === 'project' ? '' : t.labels[name]}</span>
    </label>
  );
  const groupError = (fields: readonly OptOutField[]) => fields.map((f) => errors[f]).find((m) => m !== undefined);

  if (status === 'dataSent') {
    return (
      <SiteLayout {...props} name="opt-out" simpleHeader switchPath={SITE_PATHS.optOut}>
        <div className="opt-out opt-out--done" data-status="dataSent">
          <h1 ref={done} tabIndex={-1}>
            {t.doneTitle}
          </h1>
          <p role="status">{t.done}</p>
        </div>
      </SiteLayout>
    );
  }

  const receiveError = groupError(OPT_OUT_RECEIVE_FIELDS);
  const requestError = groupError(OPT_OUT_REQUEST_FIELDS);
  return (
    <SiteLayout {...props} name="opt-out" simpleHeader switchPath={SITE_PATHS.optOut}>
      <div className="opt-out" data-status={status}>
        <h1>{t.title}</h1>
        <p className="opt-out__intro">{t.intro}</p>
        {gpc && <p className="notice">{t.gpcDetected}</p>}
        <div className="opt-out__summary" role="alert">
          {count > 0 ? t.errorSummary(count) : ''}
        </div>
        <form className="opt-out__form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={status === 'loading'}>
          <fieldset className="form-section">
            <legend>{t.youTitle}</legend>
            <div className="field-row">
              {textInput('firstName', 'given-name')}
              {textInput('lastName', 'family-name')}
            </div>
            {textInput('address', 'street-address')}
            <div className="field-row field-row--3">
              {textInput('city', 'address-level2')}
              {field(
                'state',
                <select
                  id="state"
                  name="state"
                  value={typeof values.state === 'string' ? values.state : ''}
                  onChange={(e) => set('state', e.target.value)}
                  aria-invalid={errors.state ? true : undefined}
                  aria-describedby={errors.state ? errorId('state') : undefined}
                >
                  <option value="">{t.selectState}</option>
                  {OPT_OUT_STATES.map((code) => (
                    <option key={code} value={code}>
                      {OPT_OUT_STATE_NAMES[code]}
                    </option>
                  ))}
                </select>,
              )}
              {textInput('zip', 'postal-code')}
            </div>
            <div className="field-row">
              {textInput('email', 'email', 'email')}
              {phoneInput('phone')}
            </div>
          </fieldset>

          <fieldset
            id="agent-group"
            className={errors.authorizedAgent ? 'form-section choice-group field--error' : 'form-section choice-group'}
            aria-describedby={errors.authorizedAgent ? errorId('authorizedAgent') : undefined}
          >
            <legend>{t.labels.authorizedAgent}</legend>
            <div className="choice-group__options">
              {(['yes', 'no'] as const).map((answer) => (
                <label className="check" key={answer}>
                  <input
                    type="radio"
                    name="authorizedAgent"
                    value={answer}
                    checked={values.authorizedAgent === answer}
                    onChange={() => set('authorizedAgent', answer)}
                  />
                  <span>{answer === 'yes' ? t.yes : t.no}</span>
                </label>
              ))}
            </div>
            <FieldError id={errorId('authorizedAgent')} message={say(errors.authorizedAgent)} />
          </fieldset>

          {agent && (
            <fieldset className="form-section" data-agent-fields="">
              <legend>{t.agentTitle}</legend>
              <div className="field-row">
                {textInput('agentFirstName', 'off')}
                {textInput('agentLastName', 'off')}
              </div>
              <div className="field-row">
                {textInput('agentEmail', 'off', 'email')}
                {phoneInput('agentPhone')}
              </div>
            </fieldset>
          )}

          <fieldset
            id="receive-group"
            className={receiveError ? 'form-section choice-group field--error' : 'form-section choice-group'}
            aria-describedby={receiveError ? errorId('receive') : undefined}
          >
            <legend>{t.receiveLegend}</legend>
            <div className="choice-group__options">{OPT_OUT_RECEIVE_FIELDS.map((f) => checkbox(f))}</div>
            <FieldError id={errorId('receive')} message={say(receiveError)} />
          </fieldset>

          <fieldset
            id="requests-group"
            className={requestError ? 'form-section choice-group field--error' : 'form-section choice-group'}
            aria-describedby={requestError ? errorId('requests') : undefined}
          >
            <legend>{t.requestsLegend}</legend>
            <div className="choice-group__options choice-group__options--stack">
              {OPT_OUT_REQUEST_FIELDS.map((f) => checkbox(f))}
            </div>
            <FieldError id={errorId('requests')} message={say(requestError)} />
          </fieldset>

          <div className={errors.agreeTerms ? 'field field--error' : 'field'}>
            {checkbox('agreeTerms', errors.agreeTerms ? errorId('agreeTerms') : undefined)}
            <FieldError id={errorId('agreeTerms')} message={say(errors.agreeTerms)} />
          </div>
          {agent && (
            <div className={errors.agreeTermsAgent ? 'field field--error' : 'field'}>
              {checkbox('agreeTermsAgent', errors.agreeTermsAgent ? errorId('agreeTermsAgent') : undefined)}
              <FieldError id={errorId('agreeTermsAgent')} message={say(errors.agreeTermsAgent)} />
            </div>
          )}

          {recaptchaSiteKey !== null && (
            <div className="field" id="reCaptchaToken">
              <span className="field__label">{t.recaptchaLabel}</span>
              <div ref={captchaBox} className="recaptcha" />
              <FieldError id={errorId('reCaptchaToken')} message={say(errors.reCaptchaToken)} />
            </div>
          )}

          <button type="submit" className="button button--primary button--wide" disabled={status === 'loading'}>
            {status === 'loading' ? t.sending : t.submit}
          </button>
        </form>
      </div>
    </SiteLayout>
  );
}

/** A field's error, announced when it appears (the live region is on the page from the start). */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {message ?? ''}
    </p>
  );
}

/** The server's refusals the page shows: only the captcha can be refused here. */
function refusedFields(fields: readonly { field: string; message: string }[]): OptOutFieldError[] {
  return fields.flatMap((f): OptOutFieldError[] =>
    f.field === 'reCaptchaToken' ? [{ field: 'reCaptchaToken', message: f.message }] : [],
  );
}
