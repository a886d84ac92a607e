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

/** Every `{env}` secret a buyer's target names that the environment lacks, as "buyer: where: NAME". */
export function missingSecrets(buyer: BuyerConfig, env: NodeJS.ProcessEnv): string[] {
  const target = buyer.target;
  const secrets: [string, SecretValue][] =
    target.kind === 'http'
      ? Object.entries(target.headers).map(([name, v]) => [`header ${name}`, v])
      : [['key', target.key]];
  const resolve = secretResolver(env);
  return secrets.flatMap(([where, secret]) =>
    typeof secret !== 'string' && resolve(secret) === undefined
      ? [`buyer ${buyer.key}: ${where}: environment variable ${secret.env} is not set`]
      : [],
  );
}
