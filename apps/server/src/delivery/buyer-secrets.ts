/**
 * Secrets in buyer targets and pings (auth headers, Lead Prosper and boberdoo keys) are written as `{env: NAME}` and read from
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

function targetSecrets(target: BuyerConfig['target'] | NonNullable<BuyerConfig['ping']>): [string, SecretValue][] {
  return target.kind === 'http' || target.kind === 'json'
    ? Object.entries(target.headers).map(([name, v]) => [`header ${name}`, v])
    : [['key', target.key]];
}

/**
 * Every `{env}` secret a buyer's target and ping (issue 32) name, with where it is used ("header
 * Authorization", "key", "ping key").
 */
export function namedSecrets(buyer: BuyerConfig): { where: string; name: string }[] {
  const secrets: [string, SecretValue][] = [
    ...targetSecrets(buyer.target),
    ...(buyer.ping ? targetSecrets(buyer.ping).map(([where, v]): [string, SecretValue] => [`ping ${where}`, v]) : []),
  ];
  return secrets.flatMap(([where, secret]) => (typeof secret === 'string' ? [] : [{ where, name: secret.env }]));
}

/** The environment variables the buyers' `{env: NAME}` secrets name (the typo check allows them, issue 30). */
export function secretVariableNames(buyers: readonly BuyerConfig[]): Set<string> {
  return new Set(buyers.flatMap((buyer) => namedSecrets(buyer).map(({ name }) => name)));
}

/** Every `{env}` secret a buyer's target names that the environment lacks, as "buyer: where: NAME". */
export function missingSecrets(buyer: BuyerConfig, env: NodeJS.ProcessEnv): string[] {
  return namedSecrets(buyer).flatMap(({ where, name }) =>
    allowedValue(env, name) === undefined
      ? [`buyer ${buyer.key}: ${where}: environment variable ${name} is not set`]
      : [],
  );
}
