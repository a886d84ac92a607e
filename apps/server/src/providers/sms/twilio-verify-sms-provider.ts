/**
 * Twilio Verify (https://www.twilio.com/docs/verify/api): Twilio makes, sends, stores and expires the
 * codes, so nothing is kept here and several server instances work as one.
 * - send: POST {base}/v2/Services/{ServiceSid}/Verifications, form-encoded To and Channel=sms; Twilio
 *   answers 201 with status 'pending' (https://www.twilio.com/docs/verify/api/verification).
 * - check: POST {base}/v2/Services/{ServiceSid}/VerificationCheck, form-encoded To and Code; status
 *   'approved' means verified (https://www.twilio.com/docs/verify/api/verification-check).
 * Basic auth AccountSid:AuthToken. Twilio's errors are JSON {code, message, more_info, status}
 * (https://www.twilio.com/docs/usage/twilios-response); 20404 on a check means the verification expired,
 * was already approved or used up its attempts. §7: an error counts as not approved, so every failure
 * is { sent: false } or { status: 'pending' }; only Twilio's error code and HTTP status are logged
 * (its messages can echo the phone number).
 */
import { isUsE164 } from '@app/funnel';
import { z } from 'zod';
import type { ProviderLogger } from '../provider-logger';
import { describeVendorFailure, vendorRequest, vendorUrl, type VendorFailure } from '../vendor-request';
import {
  isWellFormedCode,
  type SmsCheckResult,
  type SmsSendResult,
  type SmsVerificationProvider,
} from './sms-verification-provider';

export const TWILIO_VERIFY_DEFAULT_BASE_URL = 'https://verify.twilio.com';

/** https://www.twilio.com/docs/errors/20404 */
const TWILIO_NOT_FOUND = 20404;

export interface TwilioVerifyOptions {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  baseUrl: string;
  timeoutMs: number;
  logger: ProviderLogger;
}

const VerificationSchema = z.object({ status: z.string() });
const TwilioErrorSchema = z.object({ code: z.number().int(), status: z.number().int().optional() });

export function createTwilioVerifySmsProvider(options: TwilioVerifyOptions): SmsVerificationProvider {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  /** POSTs the form; the verification's status on a 2xx answer, or null (logged) on any failure. */
  async function call(operation: 'send' | 'check', form: Record<string, string>): Promise<string | null> {
    const resource = operation === 'send' ? 'Verifications' : 'VerificationCheck';
    const result = await vendorRequest({
      url: vendorUrl(options.baseUrl, ['v2', 'Services', options.serviceSid, resource]),
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      timeoutMs: options.timeoutMs,
    });
    const failure = (kind: VendorFailure) =>
      options.logger.warn(
        { vendor: 'twilio', operation, failure: describeVendorFailure(kind) },
        'Twilio Verify failed',
      );
    if (!result.ok) {
      failure(result.failure);
      return null;
    }
    const { status, json } = result.answer;
    if (status < 200 || status >= 300) {
      const error = TwilioErrorSchema.safeParse(json);
      const fields = { vendor: 'twilio', operation, status, twilioCode: error.success ? error.data.code : undefined };
      // 20404 on a check is the visitor's code having expired or been used up, not an outage.
      if (operation === 'check' && fields.twilioCode === TWILIO_NOT_FOUND) {
        options.logger.info(fields, 'Twilio Verify: no pending verification');
      } else {
        options.logger.warn(fields, 'Twilio Verify refused the request');
      }
      return null;
    }
    const verification = VerificationSchema.safeParse(json);
    if (!verification.success) {
      failure({ kind: 'bad-answer' });
      return null;
    }
    return verification.data.status;
  }

  return {
    async send(phoneE164: string): Promise<SmsSendResult> {
      if (!isUsE164(phoneE164)) return { sent: false };
      return { sent: (await call('send', { To: phoneE164, Channel: 'sms' })) === 'pending' };
    },

    async check(phoneE164: string, code: string): Promise<SmsCheckResult> {
      const typed = code.trim();
      if (!isUsE164(phoneE164) || !isWellFormedCode(typed)) return { status: 'pending' };
      const status = await call('check', { To: phoneE164, Code: typed });
      return { status: status === 'approved' ? 'approved' : 'pending' };
    },
  };
}
