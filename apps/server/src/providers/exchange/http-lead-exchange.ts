/**
 * The exchange's store/lead-data call (§7 "exchange store/lead-data with project MVA, zipCode, ipAddress,
 * userAgent, tf, leadId"): POST {base}/store/lead-data with that JSON object. A 2xx answer is stored; any
 * other answer, a timeout or a network failure is logged (the status or failure only: the body carries an
 * IP) and ignored (§7 "failure ignored").
 */
import type { ProviderLogger } from '../provider-logger';
import { describeVendorFailure, vendorRequest, vendorUrl } from '../vendor-request';
import type { ExchangeOutcome, LeadExchange } from './lead-exchange';

export interface HttpLeadExchangeOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: ProviderLogger;
}

export function createHttpLeadExchange(options: HttpLeadExchangeOptions): LeadExchange {
  return {
    async storeLeadData(data): Promise<ExchangeOutcome> {
      const result = await vendorRequest({
        url: vendorUrl(options.baseUrl, ['store', 'lead-data']),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        timeoutMs: options.timeoutMs,
      });
      if (!result.ok) {
        options.logger.warn(
          { vendor: 'exchange', failure: describeVendorFailure(result.failure) },
          'lead data not stored',
        );
        return 'failed';
      }
      if (result.answer.status < 200 || result.answer.status >= 300) {
        options.logger.warn({ vendor: 'exchange', status: result.answer.status }, 'lead data not stored');
        return 'failed';
      }
      return 'sent';
    },
  };
}
