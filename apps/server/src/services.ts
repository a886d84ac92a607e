/** Everything a route may use, built once per app from the config (app.ts). */
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { LookupKeys } from './db/lookup-keys';
import type { Database } from './db/schema';
import type { DeliveryRuntime } from './delivery/delivery-runtime';
import type { Experiments } from './experiments/experiment-runtime';
import type { DependencyState } from './health/dependency-state';
import type { Metrics } from './metrics/metrics';
import type { OperatorAlerts } from './providers/alerts/operator-alerts';
import type { Providers } from './providers/create-providers';
import type { RecaptchaVerifier } from './providers/recaptcha/recaptcha-verifier';
import type { TextChecker } from './providers/text/text-checker';

export interface Services {
  config: Config;
  db: Kysely<Database>;
  providers: Providers;
  text: TextChecker;
  recaptcha: RecaptchaVerifier;
  delivery: DeliveryRuntime;
  /** Every alert to the operator goes through here, never providers.alerts directly. */
  alerts: OperatorAlerts;
  /** Lookup keys of emails, phones and texts (HMAC with the server's secret). */
  keys: LookupKeys;
  /** Running experiments and visitors' arms (issue 16). */
  experiments: Experiments;
  /** Issue 15: what /metrics reports. */
  metrics: Metrics;
  /** Issue 31: whether the database and Redis are up, and since when. */
  dependencies: DependencyState;
  now: () => Date;
}
