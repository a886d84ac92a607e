import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The settings of the e2e server, beside its port, host and data folder: the config's server and the servers
 * the console's specs start of their own (tests/own-server.ts) run with them. Writes the buyers file they name.
 */
export function e2eServerEnv(): Record<string, string> {
  // npm start's sample buyers without its ping-post ones: those bid at random (some late, some declining),
  // so which firm buys a lead would change from run to run, and the walks check where leads go. The auction
  // is walked with buyers of its own (revenue-console.spec.ts); the sample's auctions are the server tests'
  // (apps/server/test/auction/sample-auctions.test.ts). The sample consent lists go with the sample buyers.
  const config = path.join(root, 'apps/server/config');
  const directBuyers = path.join(root, 'test-results/e2e-direct-buyers.json');
  const sample: unknown = JSON.parse(readFileSync(path.join(config, 'sample-buyers.json'), 'utf8'));
  mkdirSync(path.dirname(directBuyers), { recursive: true });
  writeFileSync(
    directBuyers,
    JSON.stringify(
      Array.isArray(sample) ? sample.filter((b) => typeof b === 'object' && b !== null && !('ping' in b)) : [],
    ),
  );
  return {
    BUYERS_FILE: directBuyers,
    CONSENT_LISTS_FILE: path.join(config, 'sample-consent-lists.json'),
    LOG_LEVEL: 'warn',
    // Every test walks as the same visitor (one email and phone): the per-contact daily limit (5) is the
    // server tests' to prove (apps/server/test/intake-limits.test.ts), not these walks'.
    LEAD_LIMIT_PER_CONTACT: '1000',
    // Two workers walk from one address: the per-IP check limit (30 a minute per route) is the server
    // tests' to prove (rate-limit.test.ts, limits-burst-and-crowd.test.ts); a refused check lets a visitor
    // on (§8), which would hide the §5 messages some walks look for.
    CHECK_LIMIT_PER_MINUTE: '1000',
    // A delivery that keeps failing dies within seconds, so the console's dead-job retry can be walked
    // (e2e/tests/console.spec.ts); deliveries that succeed are not affected.
    DELIVERY_POLL_MS: '250',
    DELIVERY_RETRY_BASE_MS: '200',
    DELIVERY_RETRY_MAX_DELAY_MS: '500',
    DELIVERY_RETRY_WINDOW_MS: '2500',
  };
}
