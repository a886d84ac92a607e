/**
 * Secrets in buyer targets (auth headers, Lead Prosper keys) are written as `{env: NAME}` and read from
 * the environment when a lead is sent, so they never sit in the buyers file or the database. Issue 29:
 * only a variable named BUYER_SECRET_… is ever read (BuyerConfigSchema refuses any other name, and this
 * resolver reads no other even for a row written before that rule); the lead-ingest service's key
 * (LEADPROSPER_KEY) is handed out under LEAD_INGEST_SECRET_NAME, which only its reserved buyer may name
 * (buyer-checks.ts). docs/decisions/0026-buyer-secrets-allow-list.md.
 */
import {
  BUYER_SECRET_NAME_PATTERN,
  LEAD_INGEST_SECRET_NAME,
  type BuyerConfig,
  type SecretResolver,
  type SecretValue,
} from '@app/funnel';

function allowedValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (!BUYER_SECRET_NAME_PATTERN.test(name)) return undefined;
  const value = name === LEAD_INGEST_SECRET_NAME ? env.LEADPROSPER_KEY : env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

export function secretResolver(env: NodeJS.ProcessEnv): SecretResolver {
  return (secret: SecretValue) => (typeof secret === 'string' ? secret : allowedValue(env, secret.env));
}

/** Whether the variable a `{env}` secret names is one a buyer may read, and set. */
export function secretIsSet(env: NodeJS.ProcessEnv, name: string): boolean {
  return allowedValue(env, name) !== undefined;
}

/**
 * Every `{env}` secret a buyer's target names, with where it is used ("header Authorization", "key") and
 * the path of that field in the buyer ("target.headers.Authorization", "target.key").
 */
export function namedSecrets(buyer: BuyerConfig): { field: string; where: string; name: string }[] {
  const target = buyer.target;
  const secrets: [string, string, SecretValue][] =
    target.kind === 'http'
      ? Object.entries(target.headers).map(([name, v]) => [`target.headers.${name}`, `header ${name}`, v])
      : [['target.key', 'key', target.key]];
  return secrets.flatMap(([field, where, secret]) =>
    typeof secret === 'string' ? [] : [{ field, where, name: secret.env }],
  );
}

/** The environment variables the buyers' `{env: NAME}` secrets name (the typo check allows them, issue 30). */
export function secretVariableNames(buyers: readonly BuyerConfig[]): Set<string> {
  return new Set(buyers.flatMap((buyer) => namedSecrets(buyer).map(({ name }) => name)));
}
