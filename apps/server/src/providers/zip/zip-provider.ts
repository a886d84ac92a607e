/** Zip → place (spec §7 zip lookup). A port: the offline dataset by default, a vendor later. */
import type { ZipPlace } from '@app/funnel';

export interface ZipProvider {
  /** The place of a 5-digit zip, or null when the zip is not a known US zip. */
  lookup(zip: string): Promise<ZipPlace | null>;
}
