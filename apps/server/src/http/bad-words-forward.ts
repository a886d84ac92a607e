/**
 * §7: a lead whose description the content filter matches is posted form-encoded to the partner webhook
 * (BAD_WORDS_WEBHOOK_URL), and the operator is alerted. Issue 9: only a stored lead, only when the
 * server's own filter matched (the stored lead's bad_words, derived by the server), and once per lead: the
 * row is claimed (bad_words_forwarded_at) before the post, and given back if the post fails so a later
 * report can try again. Nothing from a request body is forwarded.
 */
import { findBannedContent } from '@app/funnel';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseJson } from '../db/parse-json';
import type { Database } from '../db/schema';
import type { ProviderLogger } from '../providers/provider-logger';
import { describeVendorFailure, vendorRequest } from '../providers/vendor-request';
import type { Services } from '../services';

type LeadTable = 'leads' | 'ingested_leads';

/** What the forward reads of a stored lead. */
const StoredLeadSchema = z.looseObject({ bad_words: z.string().optional(), case_description: z.string().optional() });

export type ForwardOutcome = 'forwarded' | 'already_forwarded' | 'not_matched' | 'unknown_lead' | 'failed';

async function findStored(
  db: Kysely<Database>,
  id: string,
): Promise<{ table: LeadTable; lead: Record<string, unknown> } | undefined> {
  const lead = await db.selectFrom('leads').select('lead').where('id', '=', id).executeTakeFirst();
  if (lead) return readStored('leads', lead.lead);
  const ingested = await db.selectFrom('ingested_leads').select('body').where('id', '=', id).executeTakeFirst();
  return ingested ? readStored('ingested_leads', ingested.body) : undefined;
}

function readStored(table: LeadTable, json: string): { table: LeadTable; lead: Record<string, unknown> } | undefined {
  const parsed = StoredLeadSchema.safeParse(parseJson(json));
  return parsed.success ? { table, lead: parsed.data } : undefined;
}

/** Every string, number and boolean of the stored lead, form-encoded (§7). */
function formFields(lead: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(lead)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      form.set(key, String(value));
  }
  return form.toString();
}

export async function forwardBadWords(
  services: Services,
  leadId: string,
  logger: Pick<ProviderLogger, 'warn'>,
): Promise<ForwardOutcome> {
  const { db } = services;
  const stored = await findStored(db, leadId);
  if (!stored) return 'unknown_lead';
  if (stored.lead.bad_words !== 'yes') return 'not_matched';

  const claimed = await db
    .updateTable(stored.table)
    .set({ bad_words_forwarded_at: services.now().toISOString() })
    .where('id', '=', leadId)
    .where('bad_words_forwarded_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'already_forwarded';

  // The alert names the lead and the categories, never the words or the visitor's details.
  const description = typeof stored.lead.case_description === 'string' ? stored.lead.case_description : '';
  const categories = [...new Set(findBannedContent(description).map((m) => m.category))];
  await services.alerts.raise({ kind: 'bad_words', leadId, categories });

  const webhook = services.config.BAD_WORDS_WEBHOOK_URL;
  if (!webhook) return 'forwarded';
  const result = await vendorRequest({
    url: new URL(webhook),
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formFields(stored.lead),
    timeoutMs: services.config.providers.timeoutMs,
  });
  const failure = !result.ok
    ? describeVendorFailure(result.failure)
    : result.answer.status < 200 || result.answer.status >= 300
      ? `HTTP ${result.answer.status}`
      : undefined;
  if (failure === undefined) return 'forwarded';
  logger.warn({ vendor: 'bad-words-webhook', failure }, 'bad-words webhook refused or failed; the next report retries');
  await db.updateTable(stored.table).set({ bad_words_forwarded_at: null }).where('id', '=', leadId).execute();
  return 'failed';
}
