/**
 * Secrets in buyer targets (auth headers, Lead Prosper keys) are written as `{env: NAME}` and read from
 * the environment when a lead is sent, so they never sit in the buyers file or the database.
 */
import type { BuyerConfig, SecretResolver, SecretValue } from '@app/funnel';

export function secretResolver(env: NodeJS.ProcessEnv): SecretResolver {
  return (secret: SecretValue) => {
    if (typeof secret === 'string') return secret;
    const value = env[secret.env];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
}

/** A buyer target's secrets, each with where it is used. */
function secretsOf(buyer: BuyerConfig): [string, SecretValue][] {
  const target = buyer.target;
  return target.kind === 'http'
    ? Object.entries(target.headers).map(([name, v]) => [`header ${name}`, v])
    : [['key', target.key]];
}

/** The environment variables the buyers' `{env: NAME}` secrets name (the typo check allows them, issue 30). */
export function secretVariableNames(buyers: readonly BuyerConfig[]): Set<string> {
  return new Set(
    buyers.flatMap((buyer) =>
      secretsOf(buyer).flatMap(([, secret]) => (typeof secret === 'string' ? [] : [secret.env])),
    ),
  );
}

/** Every `{env}` secret a buyer's target names that the environment lacks, as "buyer: where: NAME". */
export function missingSecrets(buyer: BuyerConfig, env: NodeJS.ProcessEnv): string[] {
  const secrets = secretsOf(buyer);
  const resolve = secretResolver(env);
  return secrets.flatMap(([where, secret]) =>
    typeof secret !== 'string' && resolve(secret) === undefined
      ? [`buyer ${buyer.key}: ${where}: environment variable ${secret.env} is not set`]
      : [],
  );
}
