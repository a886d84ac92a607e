/**
 * Every consent text the server serves, as a version (issue 9): brand, language, variant and the buyers it
 * names, with the exact text of the domain's template (consent/consent-text.ts) and its revision. A lead
 * stores the id of the version the server rendered for it beside the text the page sent, so the evidence
 * of what a visitor agreed to is the server's.
 */
import { createHash } from 'node:crypto';
import {
  allFlows,
  BRAND_IDENTITIES,
  CONSENT_TEXT_REVISION,
  consentText,
  flowById,
  LanguageSchema,
  type BrandIdentity,
  type Language,
} from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface ConsentVersion {
  id: string;
  revision: number;
  brand: BrandIdentity['id'];
  language: Language;
  variant: string;
  buyers: readonly string[];
  text: string;
}

/**
 * The versions naming no buyer, by brand, language and variant: a pure function of constants, so computed
 * once per process instead of once per lead (issue 15: the template and its hash on every post).
 */
const unnamedVersions = new Map<string, ConsentVersion>();

interface ConsentVersionInput {
  brand: BrandIdentity;
  language: Language;
  variant: string;
  buyers: readonly string[];
  /** Issue 28: firms were offered one by one and the visitor kept none (its own text, naming no firm). */
  declinedFirms?: boolean;
}

export function consentVersion(input: ConsentVersionInput): ConsentVersion {
  if (input.buyers.length > 0) return renderConsentVersion(input);
  const key = `${input.brand.id}\u0000${input.language}\u0000${input.variant}\u0000${input.declinedFirms === true}`;
  const known = unnamedVersions.get(key);
  if (known) return known;
  const version = renderConsentVersion(input);
  unnamedVersions.set(key, version);
  return version;
}

function renderConsentVersion(input: ConsentVersionInput): ConsentVersion {
  // The variant's case (issue 11: the ticket flow's consent is about a traffic ticket).
  const topic = flowById(input.variant)?.topic ?? 'accident';
  const text = consentText({
    language: input.language,
    brandName: input.brand.name,
    buyers: input.buyers,
    topic,
    declinedFirms: input.declinedFirms === true,
  });
  const fields = [CONSENT_TEXT_REVISION, input.brand.id, input.language, input.variant, input.buyers, text];
  const id = createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32);
  return {
    id,
    revision: CONSENT_TEXT_REVISION,
    brand: input.brand.id,
    language: input.language,
    variant: input.variant,
    buyers: input.buyers,
    text,
  };
}

/**
 * The version ids this process has saved, per database: a version is immutable (its id is the hash of
 * everything in it) and never deleted, so a saved one need not be written again (issue 15: one statement
 * less per lead).
 */
const savedVersions = new WeakMap<Kysely<Database>, Set<string>>();

/** Keeps a version (once: the id is the hash of everything in it). */
export async function saveConsentVersion(db: Kysely<Database>, version: ConsentVersion, at: Date): Promise<void> {
  const saved = savedVersions.get(db) ?? new Set<string>();
  savedVersions.set(db, saved);
  if (saved.has(version.id)) return;
  await db
    .insertInto('consent_versions')
    .values({
      id: version.id,
      revision: version.revision,
      brand: version.brand,
      language: version.language,
      variant: version.variant,
      buyers: JSON.stringify(version.buyers),
      text: version.text,
      first_served_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  saved.add(version.id);
}

/**
 * At start: the versions every brand, language and variant shows with no buyers named, and on the flows that
 * offer firms one by one the text of a visitor who kept none (issue 28).
 */
export async function saveServedConsentVersions(db: Kysely<Database>, at: Date): Promise<number> {
  let count = 0;
  for (const brand of BRAND_IDENTITIES) {
    for (const language of LanguageSchema.options) {
      for (const flow of allFlows()) {
        const offersFirms = flow.steps.some((step) => step.consent === 'choose-buyers');
        for (const declinedFirms of offersFirms ? [false, true] : [false]) {
          const version = consentVersion({ brand, language, variant: flow.id, buyers: [], declinedFirms });
          await saveConsentVersion(db, version, at);
          count += 1;
        }
      }
    }
  }
  return count;
}
