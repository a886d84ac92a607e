/**
 * Data the operator keeps outside the code (architecture principle 5): the affid/oid → Lead Prosper
 * mappings (§7 /inbound/get-mappings) and the buyers (issue 14), seeded into the database at start.
 * Read once at start from JSON files and checked, naming the file and the entry when something is
 * wrong. Outside production, with no BUYERS_FILE, the sample buyers (config/sample-buyers.json, posting
 * to the development fake buyer) make `npm start` deliver out of the box.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BuyersFileSchema,
  ConsentListsSchema,
  MappingSchema,
  type BuyerConfig,
  type ConsentLists,
  type Mapping,
} from '@app/funnel';
import { z } from 'zod';
import { buyerProblems, buyerProblemText } from './delivery/buyer-checks';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The same from src (tests, tsx) and from dist (npm start). */
export const SAMPLE_BUYERS_FILE = path.resolve(here, '../config/sample-buyers.json');
/**
 * Issue 27: outside production, with no LEAD_MAPPINGS_FILE, sample affid/oid mappings (§7 get-mappings), so
 * `npm start` shows a visit from `?affid=77` carrying its campaign ids into the lead.
 */
export const SAMPLE_MAPPINGS_FILE = path.resolve(here, '../config/sample-mappings.json');
/**
 * Issue 28: outside production, with no CONSENT_LISTS_FILE, the sample consent lists name sample buyers
 * (config/sample-buyers.json has firms with §4's ids 1–15), so /survey/v4nv-d1, -d2 and -x1 sell their leads.
 */
export const SAMPLE_CONSENT_LISTS_FILE = path.resolve(here, '../config/sample-consent-lists.json');

export interface OperatorData {
  mappings: readonly Mapping[];
  /** §4's fixed consent lists, naming buyers by key (issue 28); a list left out is fetched. */
  consentLists: ConsentLists;
  buyers: readonly BuyerConfig[];
  /** Where the buyers came from, for the start line; undefined when there is no buyers file. */
  buyersFile: string | undefined;
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${what} from ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function parseWith<S extends z.ZodType>(schema: S, json: unknown, file: string, what: string): z.infer<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `[${i.path.join('.')}] ${i.message}`).join('; ');
    throw new Error(`Invalid ${what} in ${file}: ${problems}`);
  }
  return parsed.data;
}

/** Checks a buyers file beyond its schema, with the checks the console's save applies (buyer-checks.ts). */
function checkBuyers(
  buyers: readonly BuyerConfig[],
  file: string,
  context: { env: NodeJS.ProcessEnv; production: boolean; allowedHosts: readonly string[] },
) {
  const problems = buyers.flatMap((buyer) => buyerProblems(buyer, context).map((p) => buyerProblemText(buyer, p)));
  if (problems.length > 0) throw new Error(`Invalid buyers in ${file}: ${problems.join('; ')}`);
}

export function loadOperatorData(options: {
  mappingsFile?: string | undefined;
  consentListsFile?: string | undefined;
  buyersFile?: string | undefined;
  production: boolean;
  env: NodeJS.ProcessEnv;
  /** BUYER_TARGET_ALLOWED_HOSTS (delivery-config.ts). */
  allowedHosts: readonly string[];
}): OperatorData {
  const mappingsFile = options.mappingsFile ?? (options.production ? undefined : SAMPLE_MAPPINGS_FILE);
  const mappings =
    mappingsFile === undefined
      ? []
      : parseWith(z.array(MappingSchema), readJson(mappingsFile, 'lead mappings'), mappingsFile, 'lead mappings');
  // The sample lists name the sample buyers: they go together (a buyers file of one's own has other keys).
  const sampleBuyers = options.buyersFile === undefined && !options.production;
  const listsFile = options.consentListsFile ?? (sampleBuyers ? SAMPLE_CONSENT_LISTS_FILE : undefined);
  const consentLists =
    listsFile === undefined
      ? {}
      : parseWith(ConsentListsSchema, readJson(listsFile, 'consent lists'), listsFile, 'consent lists');
  const buyersFile = options.buyersFile ?? (options.production ? undefined : SAMPLE_BUYERS_FILE);
  if (buyersFile === undefined) return { mappings, consentLists, buyers: [], buyersFile };
  const buyers = parseWith(BuyersFileSchema, readJson(buyersFile, 'buyers'), buyersFile, 'buyers');
  checkBuyers(buyers, buyersFile, options);
  return { mappings, consentLists, buyers, buyersFile };
}
