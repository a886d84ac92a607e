/** Everything a route may use, built once per app from the config (app.ts). */
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { DeliveryRuntime } from './delivery/delivery-runtime';
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
  now: () => Date;
}
