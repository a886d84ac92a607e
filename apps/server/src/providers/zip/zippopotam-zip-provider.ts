/**
 * Zippopotam.us zip lookup (https://www.zippopotam.us/, GET {base}/us/{zip}): the ZipProvider port
 * over a vendor, for operators who want a service that follows zip changes rather than the dataset
 * shipped with the package (docs/decisions/0004-offline-zip-data.md).
 *
 * Zippopotam has no county, and §5 requires one ("the lookup must return city, state, state_long and
 * county, else error"; ZipPlaceSchema has county min 1). The adapter therefore composes with a second
 * ZipProvider (the offline GeoNames one) for the county only:
 * - the vendor knows the zip, the offline data has it in the same state → the vendor's city and state
 *   with the offline county;
 * - the vendor knows the zip, the offline data does not (or puts it in another state) → null, the same
 *   "unknown zip" as a vendor 404. Returning the place with county '' would break the domain's ZipPlace
 *   contract and put a lead without county in front of buyers that route on it; §5 says such a lookup is
 *   an error, so the visitor is asked for the zip again, exactly as for a zip nobody knows;
 * - the vendor answers 404 → null (the vendor is the authority on which zips exist once it is chosen).
 *
 * A timeout, network error, 5xx or unreadable answer throws ProviderUnavailableError, so the route can
 * answer §8 "zip lookup failure gives empty city/state fields" instead of "unknown zip".
 */
import { z } from 'zod';
import type { ZipPlace } from '@app/funnel';
import type { ProviderLogger } from '../provider-logger';
import { ProviderUnavailableError } from '../provider-unavailable-error';
import { describeVendorFailure, vendorRequest, vendorUrl, type VendorFailure } from '../vendor-request';
import type { ZipProvider } from './zip-provider';

export const ZIPPOPOTAM_DEFAULT_BASE_URL = 'https://api.zippopotam.us';

export interface ZippopotamZipOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Where counties come from: the offline provider. */
  counties: ZipProvider;
  logger: ProviderLogger;
}

const ZippopotamAnswerSchema = z.object({
  'post code': z.string(),
  places: z.array(
    z.object({
      'place name': z.string().trim().min(1),
      state: z.string().trim().min(1),
      'state abbreviation': z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/),
    }),
  ),
});

export function createZippopotamZipProvider(options: ZippopotamZipOptions): ZipProvider {
  const unavailable = (failure: VendorFailure): ProviderUnavailableError => {
    options.logger.warn({ vendor: 'zippopotam', failure: describeVendorFailure(failure) }, 'zip lookup failed');
    return new ProviderUnavailableError('zippopotam', failure);
  };

  return {
    async lookup(zip: string): Promise<ZipPlace | null> {
      if (!/^\d{5}$/.test(zip)) return null;
      const result = await vendorRequest({
        url: vendorUrl(options.baseUrl, ['us', zip]),
        method: 'GET',
        timeoutMs: options.timeoutMs,
      });
      if (!result.ok) throw unavailable(result.failure);
      // Zippopotam answers an unknown zip with 404 and an empty object.
      if (result.answer.status === 404) return null;
      if (result.answer.status !== 200) throw unavailable({ kind: 'http-status', status: result.answer.status });
      const parsed = ZippopotamAnswerSchema.safeParse(result.answer.json);
      if (!parsed.success) throw unavailable({ kind: 'bad-answer' });

      // A zip can span several places; the first is the one Zippopotam lists as the zip's name.
      const place = parsed.data.places[0];
      if (!place) return null;
      const state = place['state abbreviation'];
      const offline = await options.counties.lookup(zip);
      if (!offline || offline.state !== state) return null;
      return { zip, city: place['place name'], state, state_long: place.state, county: offline.county };
    },
  };
}
