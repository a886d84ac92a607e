/** Offline alerts: the text goes to the server log at warn level, where an operator's log search finds it. */
import type { ProviderLogger } from '../provider-logger';
import type { AlertSender } from './alert-sender';

export function createLogAlertSender(logger: ProviderLogger): AlertSender {
  return {
    send(text: string): Promise<void> {
      logger.warn({ alert: text }, 'alert');
      return Promise.resolve();
    },
  };
}
