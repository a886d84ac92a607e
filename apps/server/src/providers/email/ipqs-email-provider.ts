/**
 * IPQualityScore email validation (https://www.ipqualityscore.com/documentation/email-validation-api/overview):
 * GET {base}/api/json/email/{KEY}/{email}. The answer is parsed with zod; a timeout, network error,
 * non-200 status, unreadable answer or success false (bad key, no credits) is a service failure, which
 * blocks nothing (§8 "most failures are swallowed").
 */
import { z } from 'zod';
import type { ProviderLogger } from '../provider-logger';
import { redactForLog } from '../redact-for-log';
import { describeVendorFailure, vendorRequest, vendorUrl, type VendorFailure } from '../vendor-request';
import { EMAIL_SERVICE_FAILURE, type EmailCheck, type EmailProvider } from './email-provider';

export interface IpqsEmailOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  logger: ProviderLogger;
}

const IpqsEmailAnswerSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    valid: z.boolean(),
    disposable: z.boolean(),
    fraud_score: z.number().min(0).max(100),
    dns_valid: z.boolean(),
  }),
  z.object({ success: z.literal(false), message: z.string().catch('') }),
]);

export function createIpqsEmailProvider(options: IpqsEmailOptions): EmailProvider {
  const fail = (failure: VendorFailure): EmailCheck => {
    options.logger.warn(
      { vendor: 'ipqs', service: 'email', failure: describeVendorFailure(failure) },
      'email check failed',
    );
    return EMAIL_SERVICE_FAILURE;
  };

  return {
    async check(email: string): Promise<EmailCheck> {
      const url = vendorUrl(options.baseUrl, ['api', 'json', 'email', options.apiKey, email.trim()]);
      // IPQualityScore waits up to `timeout` seconds for the mailbox's server (default 7); ask it to answer
      // a second before our own timeout, so a slow mail server gives a result rather than an abort.
      url.searchParams.set('timeout', String(Math.min(60, Math.max(1, Math.floor(options.timeoutMs / 1000) - 1))));
      const result = await vendorRequest({ url, method: 'GET', timeoutMs: options.timeoutMs });
      if (!result.ok) return fail(result.failure);
      if (result.answer.status !== 200) return fail({ kind: 'http-status', status: result.answer.status });
      const parsed = IpqsEmailAnswerSchema.safeParse(result.answer.json);
      if (!parsed.success) return fail({ kind: 'bad-answer' });

      const answer = parsed.data;
      if (!answer.success) {
        options.logger.warn(
          { vendor: 'ipqs', service: 'email', vendorMessage: redactForLog(answer.message) },
          'email check refused by the vendor',
        );
        return EMAIL_SERVICE_FAILURE;
      }
      return {
        success: true,
        valid: answer.valid,
        disposable: answer.disposable,
        fraud_score: answer.fraud_score,
        dns_valid: answer.dns_valid,
      };
    },
  };
}
