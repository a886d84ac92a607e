/**
 * Issue 29, finding 1: every check a buyer passes beyond its schema (BuyerConfigSchema), in one home, used
 * by the start-up read of the buyers file (operator-data.ts) and by the console's save (buyer-store.ts),
 * so an operator's edit is refused for exactly the reasons the file is:
 * - the lead-ingest service's reserved key and secret name belong to its own buyer only;
 * - every `{env}` secret the target names is set (the schema already limits names to BUYER_SECRET_…);
 * - in production (the target's URL and a ping-post buyer's ping URL, issue 32): no target on a path of this server (the development fake buyer), and no target on a
 *   loopback, link-local, private or otherwise non-public host unless BUYER_TARGET_ALLOWED_HOSTS names it.
 * Each problem names the field it is about by its path in the buyer ("target.url", "target.headers.X-Key"),
 * as the schema's own problems do, so the console shows it next to that field.
 */
import { LEAD_INGEST_SECRET_NAME, type BuyerConfig } from '@app/funnel';
import { namedSecrets, secretIsSet } from './buyer-secrets';
import { targetHostProblem } from './buyer-target-host';
import { LEAD_INGEST_BUYER_KEY } from './lead-ingest-buyer';

export interface BuyerCheckContext {
  env: NodeJS.ProcessEnv;
  production: boolean;
  /** Hosts a production target may name although they are not public (BUYER_TARGET_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

/** One problem: the field's path in the buyer and what is wrong, in plain words. */
export interface BuyerProblem {
  field: string;
  message: string;
}

/** Every problem; empty: the buyer may be stored. */
export function buyerProblems(buyer: BuyerConfig, context: BuyerCheckContext): BuyerProblem[] {
  const problems: BuyerProblem[] = [];
  if (buyer.key === LEAD_INGEST_BUYER_KEY) {
    problems.push({ field: 'key', message: 'the key is reserved for the lead-ingest service' });
  }
  // Issue 32: a ping-post buyer's ping URL is held to the same rules as its post URL.
  const urls: [string, string][] = [['target.url', buyer.target.url]];
  if (buyer.ping) urls.push(['ping.url', buyer.ping.url]);
  for (const [field, url] of context.production ? urls : []) {
    if (url.startsWith('/')) {
      problems.push({ field, message: `url ${url} is a path on this server, which only development allows` });
    } else {
      const host = targetHostProblem(new URL(url), context.allowedHosts);
      if (host !== undefined) {
        problems.push({
          field,
          message: `url ${url} is not a public host (${host}); production posts only to public hosts unless BUYER_TARGET_ALLOWED_HOSTS names it`,
        });
      }
    }
  }
  for (const { field, where, name } of namedSecrets(buyer)) {
    if (name === LEAD_INGEST_SECRET_NAME) {
      problems.push({ field, message: `${where}: ${name} is reserved for the lead-ingest service` });
    } else if (!secretIsSet(context.env, name)) {
      problems.push({ field, message: `${where}: environment variable ${name} is not set` });
    }
  }
  return problems;
}

/** A problem as one line of the start-up error: "buyer firm-a: target.url: url … is not a public host". */
export function buyerProblemText(buyer: BuyerConfig, problem: BuyerProblem): string {
  return `buyer ${buyer.key}: ${problem.field}: ${problem.message}`;
}
