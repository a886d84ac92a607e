/**
 * The external lead-ingest service of §4 (the ticket flow and the minimal variant post there) as a
 * delivery target: with LEAD_INGEST_PROVIDER=leadprosper, a buyer row under a reserved key whose target
 * is the configured Lead Prosper campaign, so those leads go through the same jobs, retries, duplicates
 * and records as every other delivery. Offline (the default), the ingested_leads table is the service
 * and nothing is posted.
 */
import { BuyerConfigSchema, type BuyerConfig } from '@app/funnel';
import type { LeadIngestConfig } from './delivery-config';

export const LEAD_INGEST_BUYER_KEY = 'lead-ingest';
/** The variable the Lead Prosper key is read from when a lead is sent (never stored). */
const KEY_VARIABLE = 'LEADPROSPER_KEY';

export function leadIngestBuyer(config: LeadIngestConfig): BuyerConfig | null {
  if (config.kind === 'offline') return null;
  return BuyerConfigSchema.parse({
    key: LEAD_INGEST_BUYER_KEY,
    name: 'Lead-ingest service (Lead Prosper)',
    ids: [LEAD_INGEST_BUYER_KEY],
    price: 0,
    target: {
      kind: 'leadprosper',
      url: config.url,
      campaignId: config.campaignId,
      supplierId: config.supplierId,
      key: { env: KEY_VARIABLE },
      testMode: config.testMode,
    },
  });
}
