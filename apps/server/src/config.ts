/**
 * Environment → typed config, parsed once at start (architecture principle 5). A bad value stops
 * the server with a message naming the variable, instead of failing later at the first request.
 */
import type { z } from 'zod';
import { parseEnvironment } from './env-values';
import { loadDeliveryConfig, type DeliveryConfig } from './delivery/delivery-config';
import { loadOperatorData, type OperatorData } from './operator-data';
import { loadProviderConfig, type ProviderConfig } from './providers/provider-config';
import { loadRecaptchaConfig, type RecaptchaConfig } from './providers/recaptcha/recaptcha-config';
import { loadTextProviderConfig, type TextProviderConfig } from './providers/text/text-provider-config';
import { secretVariableNames } from './delivery/buyer-secrets';
import { describeTypo, probableTypos } from './startup/probable-typos';
import { productionProblems } from './startup/production-problems';
import { EnvSchema } from './server-env-schema';

export type Config = z.infer<typeof EnvSchema> & {
  providers: ProviderConfig;
  textCheck: TextProviderConfig;
  recaptcha: RecaptchaConfig;
  operator: OperatorData;
  delivery: DeliveryConfig;
  production: boolean;
  /** Issue 30: what is wrong but does not stop a start outside production (probable typos), printed at start. */
  warnings: string[];
  /** The environment read, for secrets taken when they are used (buyers' `{env: NAME}` headers). */
  env: NodeJS.ProcessEnv;
};

/** Every setting, each part checked by its own schema; the first bad one stops the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parseEnvironment(EnvSchema, env);
  const production = settings.NODE_ENV === 'production';
  const delivery = loadDeliveryConfig(env);
  const config: Config = {
    ...settings,
    providers: loadProviderConfig(env),
    textCheck: loadTextProviderConfig(env),
    recaptcha: loadRecaptchaConfig(env),
    operator: loadOperatorData({
      mappingsFile: settings.LEAD_MAPPINGS_FILE,
      consentListsFile: settings.CONSENT_LISTS_FILE,
      buyersFile: settings.BUYERS_FILE,
      production,
      env,
      allowedHosts: delivery.allowedTargetHosts,
    }),
    delivery,
    production,
    warnings: [],
    env,
  };
  const typos = probableTypos(env, secretVariableNames(config.operator.buyers)).map(describeTypo);
  const refusals = productionProblems(config, typos);
  if (!production) config.warnings.push(...typos);
  if (refusals.length > 0) {
    throw new Error(`Production mode (NODE_ENV=production) refuses to start: ${refusals.join('; ')}`);
  }
  return config;
}
