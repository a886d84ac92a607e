/**
 * Builds every outside-service port from the environment (provider-config.ts): the offline
 * implementations unless a vendor is chosen. The server's main wires the result into its routes.
 */
import type { AlertSender } from './alerts/alert-sender';
import { createLogAlertSender } from './alerts/log-alert-sender';
import { createSlackAlertSender } from './alerts/slack-alert-sender';
import type { EmailProvider } from './email/email-provider';
import { createHttpLeadExchange } from './exchange/http-lead-exchange';
import type { LeadExchange } from './exchange/lead-exchange';
import { createOfflineLeadExchange } from './exchange/offline-lead-exchange';
import { createIpqsEmailProvider } from './email/ipqs-email-provider';
import { createOfflineEmailProvider } from './email/offline-email-provider';
import { createIpqsPhoneProvider } from './phone/ipqs-phone-provider';
import { createOfflinePhoneProvider } from './phone/offline-phone-provider';
import type { PhoneProvider } from './phone/phone-provider';
import { loadProviderConfig, type ProviderConfig } from './provider-config';
import type { ProviderLogger } from './provider-logger';
import { createOfflineSmsProvider, type OfflineSmsOptions } from './sms/offline-sms-provider';
import type { SmsVerificationProvider } from './sms/sms-verification-provider';
import { createTwilioVerifySmsProvider } from './sms/twilio-verify-sms-provider';
import { createOfflineZipProvider } from './zip/offline-zip-provider';
import type { ZipProvider } from './zip/zip-provider';
import { createZippopotamZipProvider } from './zip/zippopotam-zip-provider';

export interface Providers {
  phone: PhoneProvider;
  email: EmailProvider;
  zip: ZipProvider;
  sms: SmsVerificationProvider;
  alerts: AlertSender;
  exchange: LeadExchange;
  /** Which checks ask a paying vendor per call (issue 29: counted against the site-wide cap). */
  paidLookups: { phone: boolean; email: boolean };
}

/** What the offline SMS provider keeps its codes in (the database) and how it keys them. */
export type OfflineSmsDeps = Omit<OfflineSmsOptions, 'logger'>;

/** Throws (naming the variable) when the environment chooses a vendor without its settings. */
export function createProviders(env: NodeJS.ProcessEnv, logger: ProviderLogger, smsDeps: OfflineSmsDeps): Providers {
  return createProvidersFromConfig(loadProviderConfig(env), logger, smsDeps);
}

export function createProvidersFromConfig(
  config: ProviderConfig,
  logger: ProviderLogger,
  smsDeps: OfflineSmsDeps,
): Providers {
  const { timeoutMs } = config;
  const offlineZip = createOfflineZipProvider();

  const phone =
    config.phone.kind === 'ipqs'
      ? createIpqsPhoneProvider({ apiKey: config.phone.apiKey, baseUrl: config.phone.baseUrl, timeoutMs, logger })
      : createOfflinePhoneProvider();
  const email =
    config.email.kind === 'ipqs'
      ? createIpqsEmailProvider({ apiKey: config.email.apiKey, baseUrl: config.email.baseUrl, timeoutMs, logger })
      : createOfflineEmailProvider();
  const zip =
    config.zip.kind === 'zippopotam'
      ? createZippopotamZipProvider({ baseUrl: config.zip.baseUrl, timeoutMs, counties: offlineZip, logger })
      : offlineZip;
  // The §9 cooldown and the caps are the route's (http/sms-send-guard.ts), in front of either provider.
  const sms =
    config.sms.kind === 'twilio'
      ? createTwilioVerifySmsProvider({ ...config.sms, timeoutMs, logger })
      : createOfflineSmsProvider({ logger, ...smsDeps });
  const alerts =
    config.alerts.kind === 'slack'
      ? createSlackAlertSender({ webhookUrl: config.alerts.webhookUrl, timeoutMs, logger })
      : createLogAlertSender(logger);
  const exchange =
    config.exchange.kind === 'http'
      ? createHttpLeadExchange({ baseUrl: config.exchange.baseUrl, timeoutMs, logger })
      : createOfflineLeadExchange();

  // Which implementation backs each port; no key, URL or secret.
  logger.info(
    {
      phone: config.phone.kind,
      email: config.email.kind,
      zip: config.zip.kind,
      sms: config.sms.kind,
      alerts: config.alerts.kind,
      exchange: config.exchange.kind,
    },
    'outside-service providers',
  );
  return {
    phone,
    email,
    zip,
    sms,
    alerts,
    exchange,
    paidLookups: { phone: config.phone.kind === 'ipqs', email: config.email.kind === 'ipqs' },
  };
}
