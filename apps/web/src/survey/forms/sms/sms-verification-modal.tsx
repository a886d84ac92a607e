/**
 * The phone verification modal (spec §2 "phone verification modal", §4 "Phone verification", §5, §7, §9;
 * issue 13): it sends a code to the phone in +1 format, takes a 6-character code, checks it, and offers a
 * new code only 30 000 ms after the last one, with a visible countdown. §5's two messages: fewer than 6
 * characters is "Incorrect code…", a code the check does not approve is "Verification failed…".
 */
import {
  formatUsPhone,
  formatUsPhoneE164,
  INCORRECT_CODE_MESSAGE,
  SMS_RESEND_COOLDOWN_MS,
  usPhoneDigits,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_FAILED_MESSAGE,
  VerifyCheckResponseSchema,
  VerifySendResponseSchema,
  type VerifyCheckBodySchema,
  type VerifySendBodySchema,
} from '@app/funnel';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { z } from 'zod';
import { apiCall } from '../../../api/api-client';
import type { Catalog } from '../../../i18n/catalog';
import { translateError } from '../../../i18n/translate-error';
import { FieldError } from '../field-error';
import { useSmsRequest, type SmsRequest } from './sms-gate';

type Sending = 'sending' | 'sent' | 'failed';

function SmsDialog({ request, catalog }: { request: SmsRequest; catalog: Catalog }) {
  const t = catalog.interactions;
  // §7 "phone in +1 format stripped of spaces, brackets and dashes".
  const phone = formatUsPhoneE164(usPhoneDigits(request.phone));
  const [sending, setSending] = useState<Sending>('sending');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + SMS_RESEND_COOLDOWN_MS);
  const [now, setNow] = useState(() => Date.now());
  const sentOnce = useRef(false);

  const send = useCallback(async () => {
    setSending('sending');
    setError(null);
    const result = await apiCall({
      path: '/api/verify/send',
      body: { phone } satisfies z.input<typeof VerifySendBodySchema>,
      answer: VerifySendResponseSchema,
      attempts: 2,
    });
    if (result.ok && result.data.sent) {
      setSending('sent');
      setResendAt(Date.now() + SMS_RESEND_COOLDOWN_MS);
    } else if (result.ok && result.data.retry_after_ms !== undefined) {
      // §9 cooldown still running (a code was sent moments ago): that code is still good.
      setSending('sent');
      setResendAt(Date.now() + result.data.retry_after_ms);
    } else {
      setSending('failed');
    }
  }, [phone]);

  useEffect(() => {
    if (sentOnce.current) return;
    sentOnce.current = true;
    void send();
  }, [send]);

  useEffect(() => {
    if (now >= resendAt) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, resendAt - now));
    return () => clearTimeout(timer);
  }, [now, resendAt]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed.length < VERIFICATION_CODE_LENGTH) return setError(INCORRECT_CODE_MESSAGE);
    setBusy(true);
    const result = await apiCall({
      path: '/api/verify/check',
      body: { phone, sent_status: sending === 'sent', code: typed } satisfies z.input<typeof VerifyCheckBodySchema>,
      answer: VerifyCheckResponseSchema,
    });
    setBusy(false);
    // §7: an error counts as not approved.
    if (result.ok && result.data.status === 'approved') request.answer('verified');
    else if (!result.ok && result.code === 'invalid_body') setError(INCORRECT_CODE_MESSAGE);
    else setError(VERIFICATION_FAILED_MESSAGE);
  };

  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));
  return createPortal(
    <div className="modal-backdrop">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sms-title"
        data-testid="sms-modal"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        <h2 id="sms-title">{t.smsTitle}</h2>
        {sending === 'failed' ? (
          <p role="alert">{t.smsSendFailed}</p>
        ) : (
          <p>{t.smsText(formatUsPhone(usPhoneDigits(request.phone)))}</p>
        )}
        {sending !== 'failed' && (
          <label className="field">
            <span className="field__label">{t.smsCodeLabel}</span>
            <input
              name="sms_code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={VERIFICATION_CODE_LENGTH}
              value={code}
              autoFocus
              className={error ? 'input--error' : undefined}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'sms-code-error' : undefined}
              onChange={(e) => {
                setCode(e.target.value.replace(/\s/g, '').slice(0, VERIFICATION_CODE_LENGTH));
                setError(null);
              }}
            />
            <FieldError id="sms-code-error" message={error ? translateError(catalog, error) : undefined} />
          </label>
        )}
        <div className="modal__actions">
          {sending === 'failed' ? (
            <button type="button" className="button" onClick={() => request.answer('unverified')}>
              {t.smsContinueUnverified}
            </button>
          ) : (
            <button type="submit" className="button" disabled={busy || sending === 'sending'}>
              {t.smsVerify}
            </button>
          )}
          {sending !== 'failed' &&
            (wait > 0 ? (
              <p className="sms__countdown" data-testid="sms-countdown">
                {t.smsResendIn(wait)}
              </p>
            ) : (
              <button type="button" className="link-button" onClick={() => void send()}>
                {t.smsResend}
              </button>
            ))}
          <button type="button" className="link-button" onClick={() => request.answer('cancelled')}>
            {t.smsSkip}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}

/** Rendered by the survey page once the forms chunk is in: shows the dialog while a verification is asked. */
export function SmsVerificationHost({ catalog }: { catalog: Catalog }) {
  const request = useSmsRequest();
  return request ? <SmsDialog key={request.id} request={request} catalog={catalog} /> : null;
}
