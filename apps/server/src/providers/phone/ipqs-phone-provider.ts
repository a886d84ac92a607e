/**
 * IPQualityScore phone validation (https://www.ipqualityscore.com/documentation/phone-number-validation-api/overview):
 * GET {base}/api/json/phone/{KEY}/{ten national digits}?country[]=US. Its answer already has the §7 shape; it
 * is parsed with zod (a vendor can send anything) and anything unreadable, a timeout, a network error or a
 * non-200 status becomes a "service failure" result, which §5 counts as valid and active.
 *
 * IPQualityScore reports its own errors (bad key, no credits) as HTTP 200 with success false and a
 * message; those are service failures too, except the one message §8 names, which means the number
 * itself is impossible and is passed through unchanged for the verdict.
 */
import { readUsPhone } from '@app/funnel';
import { z } from 'zod';
import type { ProviderLogger } from '../provider-logger';
import { redactForLog } from '../redact-for-log';
import { describeVendorFailure, vendorRequest, vendorUrl, type VendorFailure } from '../vendor-request';
import { phoneServiceFailure, type PhoneCheck, type PhoneProvider } from './phone-provider';
import { INVALID_PHONE_MESSAGE } from './phone-verdict';

export const IPQS_DEFAULT_BASE_URL = 'https://www.ipqualityscore.com';

export interface IpqsPhoneOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  logger: ProviderLogger;
}

const IpqsPhoneAnswerSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    valid: z.boolean(),
    fraud_score: z.number().min(0).max(100),
    // Missing or odd line types are "unknown" rather than a reason to drop a whole answer.
    line_type: z.string().catch('N/A'),
    active: z.boolean(),
    message: z.string().catch(''),
  }),
  z.object({ success: z.literal(false), message: z.string().catch('') }),
]);

export function createIpqsPhoneProvider(options: IpqsPhoneOptions): PhoneProvider {
  const fail = (failure: VendorFailure): PhoneCheck => {
    options.logger.warn(
      { vendor: 'ipqs', service: 'phone', failure: describeVendorFailure(failure) },
      'phone check failed',
    );
    return phoneServiceFailure(`IPQualityScore unavailable: ${describeVendorFailure(failure)}`);
  };

  return {
    async check(phone: string): Promise<PhoneCheck> {
      const national = readUsPhone(phone);
      // Not a US number (lead/us-phone.ts: not ten digits, or an area code or exchange starting 0 or 1):
      // nothing to ask the vendor.
      if (national === null) {
        return { success: true, valid: false, fraud_score: 0, line_type: 'N/A', active: false, message: '' };
      }
      const url = vendorUrl(options.baseUrl, ['api', 'json', 'phone', options.apiKey, national]);
      url.searchParams.append('country[]', 'US');
      const result = await vendorRequest({ url, method: 'GET', timeoutMs: options.timeoutMs });
      if (!result.ok) return fail(result.failure);
      if (result.answer.status !== 200) return fail({ kind: 'http-status', status: result.answer.status });
      const parsed = IpqsPhoneAnswerSchema.safeParse(result.answer.json);
      if (!parsed.success) return fail({ kind: 'bad-answer' });

      const answer = parsed.data;
      if (!answer.success) {
        if (answer.message.trim() !== INVALID_PHONE_MESSAGE) {
          options.logger.warn(
            { vendor: 'ipqs', service: 'phone', vendorMessage: redactForLog(answer.message) },
            'phone check refused by the vendor',
          );
        }
        return phoneServiceFailure(answer.message);
      }
      return {
        success: true,
        valid: answer.valid,
        fraud_score: answer.fraud_score,
        line_type: answer.line_type,
        active: answer.active,
        message: answer.message,
      };
    },
  };
}
