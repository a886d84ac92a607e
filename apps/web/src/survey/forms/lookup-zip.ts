/** GET /us/{zip}. "unknown" blocks the step (§5); "unavailable" lets the visitor on (§8). */
import { ZipPlaceSchema, type ZipPlace } from '@app/funnel';

export type ZipLookup = { kind: 'found'; place: ZipPlace } | { kind: 'unknown' } | { kind: 'unavailable' };

export async function lookupZip(zip: string): Promise<ZipLookup> {
  try {
    const response = await fetch(`/us/${encodeURIComponent(zip)}`, { signal: AbortSignal.timeout(5000) });
    if (response.status === 404 || response.status === 400) return { kind: 'unknown' };
    if (!response.ok) return { kind: 'unavailable' };
    const parsed = ZipPlaceSchema.safeParse(await response.json());
    return parsed.success ? { kind: 'found', place: parsed.data } : { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}
