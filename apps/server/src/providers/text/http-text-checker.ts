/**
 * A remote gibberish service (spec §7 "POST text gibberish check with text; response is_gibberish"):
 * POST {url} with JSON {"text": …}, answer {"is_gibberish": "yes" | "no"} (a JSON boolean is accepted
 * too). The call goes through vendorRequest like every outgoing call (docs/decisions/0008-providers.md):
 * one timeout over headers and body, redirects refused. Any failure — no connection, timeout, non-2xx,
 * a body that is not JSON or has no is_gibberish — throws ProviderUnavailableError, which
 * checkTextOrNothing turns into null (§8 "Text check failure returns nothing"). The description is a
 * visitor's own words about an injury: it is never logged.
 */
import { z } from 'zod';
import type { ProviderLogger } from '../provider-logger';
import { ProviderUnavailableError } from '../provider-unavailable-error';
import { describeVendorFailure, vendorRequest, type VendorFailure } from '../vendor-request';
import type { TextChecker, TextCheckResult } from './text-checker';

export interface HttpTextCheckerOptions {
  url: string;
  timeoutMs: number;
  logger?: ProviderLogger;
}

const VENDOR = 'text-check';

const AnswerSchema = z.object({
  is_gibberish: z.union([z.enum(['yes', 'no']), z.boolean().transform((flag) => (flag ? 'yes' : 'no'))]),
});

export function createHttpTextChecker(options: HttpTextCheckerOptions): TextChecker {
  const url = new URL(options.url);
  const unavailable = (failure: VendorFailure): ProviderUnavailableError => {
    options.logger?.warn({ vendor: VENDOR, failure: describeVendorFailure(failure) }, 'text check failed');
    return new ProviderUnavailableError(VENDOR, failure);
  };

  return {
    async check(text: string): Promise<TextCheckResult> {
      const result = await vendorRequest({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ text }),
        timeoutMs: options.timeoutMs,
      });
      if (!result.ok) throw unavailable(result.failure);
      const { status, json } = result.answer;
      if (status < 200 || status >= 300) throw unavailable({ kind: 'http-status', status });
      const parsed = AnswerSchema.safeParse(json);
      if (!parsed.success) throw unavailable({ kind: 'bad-answer' });
      return { is_gibberish: parsed.data.is_gibberish };
    },
  };
}
