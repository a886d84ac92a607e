/**
 * Slack incoming webhook (https://api.slack.com/messaging/webhooks): POST JSON {text} to the webhook URL;
 * Slack answers 200 "ok", or an error status with a short code such as invalid_payload, no_service or
 * channel_is_archived. Failures are logged (status only; the webhook URL is a secret) and swallowed
 * (§8 "most failures are swallowed"): an alert that cannot be delivered never breaks the visitor's request.
 */
import type { ProviderLogger } from '../provider-logger';
import { redactForLog } from '../redact-for-log';
import { describeVendorFailure, vendorRequest } from '../vendor-request';
import type { AlertSender } from './alert-sender';

export interface SlackAlertOptions {
  webhookUrl: string;
  timeoutMs: number;
  logger: ProviderLogger;
}

export function createSlackAlertSender(options: SlackAlertOptions): AlertSender {
  return {
    async send(text: string): Promise<void> {
      const result = await vendorRequest({
        url: new URL(options.webhookUrl),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        timeoutMs: options.timeoutMs,
      });
      if (!result.ok) {
        options.logger.warn({ vendor: 'slack', failure: describeVendorFailure(result.failure) }, 'alert not delivered');
      } else if (result.answer.status < 200 || result.answer.status >= 300) {
        options.logger.warn(
          { vendor: 'slack', status: result.answer.status, slackError: redactForLog(result.answer.text) },
          'alert not delivered',
        );
      }
    },
  };
}
