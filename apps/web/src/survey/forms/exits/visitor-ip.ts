/**
 * The visitor's IP for the pre-submit check and the lead (spec §7 "GET a public IP lookup, falling back
 * to a CDN trace"; issue 13): the configured public lookup first, then the server's own /api/ip. The
 * server stores the address it saw itself and keeps the page's beside it when they differ.
 */
import { VisitorIpSchema, type PageConfig } from '@app/funnel';
import { apiCall } from '../../../api/api-client';

const LOOKUP_TIMEOUT_MS = 2500;

export async function visitorIp(config: PageConfig): Promise<string> {
  const urls = [...(config.publicIpLookupUrl ? [config.publicIpLookupUrl] : []), '/api/ip'];
  for (const path of urls) {
    const result = await apiCall({ path, answer: VisitorIpSchema, timeoutMs: LOOKUP_TIMEOUT_MS });
    if (result.ok) return result.data.ip;
  }
  return '';
}
