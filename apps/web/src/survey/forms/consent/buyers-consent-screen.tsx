/**
 * The one-to-one consent step (spec §2 "a first and second consent modal", §4 "Consent decision"; issue
 * 13): the phone, the buyers found by the consent routine (all selected to begin with, each can be
 * unselected) and the consent text, which names the buyers still selected. On submit: none selected shows
 * the second modal, fewer than shown the first, all none (rules/consent-buyers.ts decideConsentModal); each
 * showing is counted (§4 "the first modal counter rises each time shown").
 */
import {
  countModalShown,
  decideConsentModal,
  formatUsPhone,
  type Buyer,
  type ConsentModal,
  type ConsentModalCounts,
} from '@app/funnel';
import { useState, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { translateError } from '../../../i18n/translate-error';
import type { ConsentState } from '../../consent-state';
import type { ScreenProps, StepErrors } from '../../screens/screen-props';
import { consentTextOf, type ConsentSubject } from '../consent-subject';
import { FieldError } from '../field-error';
import { inputSpecFor } from '../input-specs';
import { StepSubmit } from '../step-submit';
import { CONSENT_INPUT } from './consent-step';

const keyOf = (buyer: Buyer) => buyer.ids.join('_');

export function BuyersConsentScreen({
  text,
  catalog,
  answers,
  submitStep,
  checkField,
  consent,
  state,
}: ScreenProps & { consent: ConsentSubject; state: ConsentState | undefined }) {
  const displayed = state?.buyers?.displayed ?? [];
  const phoneSpec = inputSpecFor('phone');
  const [phone, setPhone] = useState(() => (typeof answers.phone === 'string' ? formatUsPhone(answers.phone) : ''));
  const [selected, setSelected] = useState<string[]>(() => state?.choice?.selected ?? displayed.map(keyOf));
  const [counts, setCounts] = useState<ConsentModalCounts>(() => state?.choice?.modals ?? { first: 0, second: 0 });
  const [modal, setModal] = useState<ConsentModal>('none');
  const [errors, setErrors] = useState<StepErrors>({});
  const [busy, setBusy] = useState(false);
  const t = catalog.interactions;
  const names = displayed.filter((b) => selected.includes(keyOf(b))).map((b) => b.name);

  const send = async (keys: string[], shown: ConsentModalCounts) => {
    setModal('none');
    setBusy(true);
    const problems = await submitStep({
      phone,
      [CONSENT_INPUT.selected]: keys.join(','),
      [CONSENT_INPUT.firstShown]: String(shown.first),
      [CONSENT_INPUT.secondShown]: String(shown.second),
    });
    setBusy(false);
    if (problems) setErrors(problems);
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const decision = decideConsentModal(selected.length, displayed.length);
    if (decision === 'none') return void send(selected, counts);
    setCounts((c) => countModalShown(c, decision));
    setModal(decision);
  };

  const toggle = (key: string, on: boolean) =>
    setSelected((keys) =>
      on ? displayed.map(keyOf).filter((k) => k === key || keys.includes(k)) : keys.filter((k) => k !== key),
    );

  const error = errors.phone;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="fields fields--phone">
        <label className="field">
          <span className="field__label">{text.labels?.phone ?? 'phone'}</span>
          <input
            name="phone"
            type={phoneSpec.type}
            autoComplete={phoneSpec.autoComplete}
            inputMode={phoneSpec.inputMode}
            value={phone}
            className={error ? 'input--error' : undefined}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'phone-error' : undefined}
            onChange={(e) => {
              const value = phoneSpec.mask ? phoneSpec.mask(e.target.value) : e.target.value;
              setPhone(value);
              setErrors({});
              checkField('phone', value, 'typing');
            }}
            onBlur={(e) => checkField('phone', e.target.value, 'leaving')}
          />
          <FieldError id="phone-error" message={error ? translateError(catalog, error) : undefined} />
        </label>
      </div>
      {displayed.length > 0 && (
        <fieldset className="buyers" data-testid="consent-buyers">
          <legend className="buyers__title">{t.buyersTitle}</legend>
          <p className="buyers__hint">{t.buyersHint}</p>
          {displayed.map((buyer) => (
            <label className="buyers__option" key={keyOf(buyer)}>
              <input
                type="checkbox"
                name="buyer"
                value={keyOf(buyer)}
                checked={selected.includes(keyOf(buyer))}
                onChange={(e) => toggle(keyOf(buyer), e.target.checked)}
              />
              <span>{buyer.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <StepSubmit
        onPress={onSubmit}
        final
        busy={busy}
        catalog={catalog}
        // Issue 28: with every firm unticked the text says no firm may call, before the visitor sends it.
        consentText={consentTextOf(consent, names, displayed.length > 0 && names.length === 0)}
      />
      {modal !== 'none' &&
        // On the body: a step's slide-in transform would otherwise hold the fixed backdrop inside the step.
        createPortal(
          <div className="modal-backdrop">
            <div
              className="modal"
              role="alertdialog"
              aria-modal="true"
              aria-labelledby="consent-modal-title"
              aria-describedby="consent-modal-text"
              data-testid={`consent-modal-${modal}`}
            >
              <h2 id="consent-modal-title">{modal === 'first' ? t.firstModalTitle : t.secondModalTitle}</h2>
              <p id="consent-modal-text">{modal === 'first' ? t.firstModalText : t.secondModalText}</p>
              {modal === 'first' ? (
                <div className="modal__actions">
                  <button type="button" className="button" autoFocus onClick={() => void send(selected, counts)}>
                    {t.keepSelection}
                  </button>
                  <button type="button" className="link-button" onClick={() => setModal('none')}>
                    {t.reviewFirms}
                  </button>
                </div>
              ) : (
                <div className="modal__actions">
                  <button
                    type="button"
                    className="button"
                    autoFocus
                    onClick={() => {
                      const all = displayed.map(keyOf);
                      setSelected(all);
                      void send(all, counts);
                    }}
                  >
                    {t.selectAllContinue}
                  </button>
                  <button type="button" className="link-button" onClick={() => void send([], counts)}>
                    {t.continueWithout}
                  </button>
                </div>
              )}
            </div>
          </div>,
          document.body,
        )}
    </form>
  );
}
