/**
 * Issue 29, finding 1: every check a buyer passes beyond its schema (BuyerConfigSchema), in one home, used
 * by the start-up read of the buyers file (operator-data.ts) and by the console's save (buyer-store.ts),
 * so an operator's edit is refused for exactly the reasons the file is:
 * - the lead-ingest service's reserved key and secret name belong to its own buyer only;
 * - every `{env}` secret the target names is set (the schema already limits names to BUYER_SECRET_…);
 * - in production: no target or ping (issue 32) on a path of this server (the development fake buyer), and no target on a
 *   loopback, link-local, private or otherwise non-public host unless BUYER_TARGET_ALLOWED_HOSTS names it.
 */
import { LEAD_INGEST_SECRET_NAME, type BuyerConfig } from '@app/funnel';
import { missingSecrets, namedSecrets } from './buyer-secrets';
import { targetHostProblem } from './buyer-target-host';
import { LEAD_INGEST_BUYER_KEY } from './lead-ingest-buyer';

export interface BuyerCheckContext {
  env: NodeJS.ProcessEnv;
  production: boolean;
  /** Hosts a production target may name although they are not public (BUYER_TARGET_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

/** Each problem names the buyer and what is wrong; empty: the buyer may be stored. */
export function buyerProblems(buyer: BuyerConfig, context: BuyerCheckContext): string[] {
  const problems: string[] = [];
  const at = `buyer ${buyer.key}`;
  if (buyer.key === LEAD_INGEST_BUYER_KEY) problems.push(`${at}: the key is reserved for the lead-ingest service`);
  for (const { where, name } of namedSecrets(buyer)) {
    if (name === LEAD_INGEST_SECRET_NAME) {
      problems.push(`${at}: ${where}: ${name} is reserved for the lead-ingest service`);
    }
  }
  // Issue 32: a ping-post buyer's ping URL is held to the same rules as its post URL.
  const urls: [string, string][] = [['url', buyer.target.url]];
  if (buyer.ping) urls.push(['ping url', buyer.ping.url]);
  for (const [which, url] of context.production ? urls : []) {
    if (url.startsWith('/')) {
      problems.push(`${at}: ${which} ${url} is a path on this server, which only development allows`);
    } else {
      const host = targetHostProblem(new URL(url), context.allowedHosts);
      if (host !== undefined) {
        problems.push(
          `${at}: ${which} ${url} is not a public host (${host}); production posts only to public hosts unless BUYER_TARGET_ALLOWED_HOSTS names it`,
        );
      }
    }
  }
  problems.push(...missingSecrets(buyer, context.env).filter((p) => !p.includes(LEAD_INGEST_SECRET_NAME)));
  return problems;
}
