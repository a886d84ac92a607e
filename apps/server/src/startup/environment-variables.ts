/**
 * Every environment variable the server reads, by section, from the schemas that check them (issue 30):
 * the typo check (startup/probable-typos.ts) knows them from here, and docs/configuration.md and
 * .env.example are generated from here (scripts/generate-config-docs.ts), so none of the three can drift.
 */
import type { z } from 'zod';
import { DeliveryEnvShape } from '../delivery/delivery-config';
import { ProviderEnvShape } from '../providers/provider-config';
import { RecaptchaEnvSchema } from '../providers/recaptcha/recaptcha-config';
import { TextProviderEnv } from '../providers/text/text-provider-config';
import { EnvSchema } from '../server-env-schema';

export interface EnvironmentSection {
  title: string;
  schema: z.ZodObject;
}

export const ENVIRONMENT_SECTIONS: readonly EnvironmentSection[] = [
  { title: 'Server, database and safety', schema: EnvSchema },
  { title: 'Outside services', schema: ProviderEnvShape },
  { title: 'Text check', schema: TextProviderEnv },
  { title: 'reCAPTCHA (the opt-out form)', schema: RecaptchaEnvSchema },
  { title: 'Delivery to buyers', schema: DeliveryEnvShape },
];

export const KNOWN_VARIABLES: ReadonlySet<string> = new Set(
  ENVIRONMENT_SECTIONS.flatMap((section) => Object.keys(section.schema.shape)),
);

/**
 * The first words the product's variables share (DELIVERY_, LEADPROSPER_, TWILIO_, …): an unknown variable
 * starting with one is almost surely meant for this server. NODE_ is Node's own (NODE_OPTIONS).
 */
export const PRODUCT_PREFIXES: readonly string[] = (() => {
  const counts = new Map<string, number>();
  for (const name of KNOWN_VARIABLES) {
    const prefix = `${name.split('_')[0] ?? name}_`;
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return [...counts].filter(([prefix, count]) => count >= 2 && prefix !== 'NODE_').map(([prefix]) => prefix);
})();
