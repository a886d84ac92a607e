/**
 * GET /us/{zip} through the one API client. "unknown" blocks the step (§5 "the lookup must return city,
 * state, state_long and county, else error"); "unavailable" lets the visitor on (§8 "Zip lookup failure
 * gives empty city/state fields").
 */
import { ZipPlaceSchema, type ZipPlace } from '@app/funnel';
import { apiCall } from '../../api/api-client';

export type ZipLookup = { kind: 'found'; place: ZipPlace } | { kind: 'unknown' } | { kind: 'unavailable' };

const TIMEOUT_MS = 5000;

export async function lookupZip(zip: string, fetchImpl?: typeof fetch): Promise<ZipLookup> {
  const result = await apiCall({
    path: `/us/${encodeURIComponent(zip)}`,
    answer: ZipPlaceSchema,
    timeoutMs: TIMEOUT_MS,
    attempts: 1,
    fetchImpl,
  });
  if (result.ok) return { kind: 'found', place: result.data };
  // The server's "no such zip" (404) or "not a zip" (400); anything else is the lookup's failure.
  return result.status === 404 || result.status === 400 ? { kind: 'unknown' } : { kind: 'unavailable' };
}
