/**
 * The external lead-ingest service of §4 (the ticket flow and the minimal variant post there) as a
 * delivery target: with LEAD_INGEST_PROVIDER=leadprosper, a buyer row under a reserved key whose target
 * is the configured Lead Prosper campaign, so those leads go through the same jobs, retries, duplicates
 * and records as every other delivery. Offline (the default), the ingested_leads table is the service
 * and nothing is posted.
 */
import { BuyerConfigSchema, LEAD_INGEST_SECRET_NAME, type BuyerConfig } from '@app/funnel';
import type { LeadIngestConfig } from './delivery-config';

export const LEAD_INGEST_BUYER_KEY = 'lead-ingest';

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
      // LEADPROSPER_KEY, read under this reserved name when a lead is sent (buyer-secrets.ts); never stored.
      key: { env: LEAD_INGEST_SECRET_NAME },
      testMode: config.testMode,
    },
  });
}
