/**
 * A vendor could not give an answer (timeout, network error, 5xx, an answer we cannot read). Thrown only
 * by ports whose callers must tell "unknown" from "could not ask": the zip lookup, where an unknown zip is
 * a validation error (§5) but a failed lookup lets the visitor on with empty city and state (§8).
 */
import { describeVendorFailure, type VendorFailure } from './vendor-request';

export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';

  constructor(
    /** Which vendor, e.g. 'zippopotam'. Never a URL: some vendors carry the API key in the path. */
    readonly vendor: string,
    readonly failure: VendorFailure,
  ) {
    super(`${vendor} unavailable: ${describeVendorFailure(failure)}`);
  }
}
