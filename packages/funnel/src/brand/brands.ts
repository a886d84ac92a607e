/**
 * The consumer brands (spec §1 "two consumer brands chosen by host name"), read from the brand
 * configuration (brand-config.ts, brands.json): named once for the page (header, footer, consent text)
 * and the server (which consent text a lead saw). An unknown host gets the configured default brand.
 */
import { BRANDS_FILE, type BrandConfig } from './brand-config';

export type BrandId = string;

export type BrandIdentity = Pick<BrandConfig, 'id' | 'name' | 'hosts'>;

/** Every configured brand; the default one first. */
export const BRAND_CONFIGS: readonly BrandConfig[] = [
  ...BRANDS_FILE.brands.filter((b) => b.id === BRANDS_FILE.defaultBrand),
  ...BRANDS_FILE.brands.filter((b) => b.id !== BRANDS_FILE.defaultBrand),
];

export const BRAND_IDENTITIES: readonly BrandIdentity[] = BRAND_CONFIGS.map(({ id, name, hosts }) => ({
  id,
  name,
  hosts,
}));

function defaultBrand(): BrandConfig {
  const brand = BRAND_CONFIGS[0];
  if (!brand) throw new Error('brands.json names no brand');
  return brand;
}

/** The brand a host name selects (a port is ignored); the default brand for any other host. */
export function brandConfigForHost(host: string): BrandConfig {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return BRAND_CONFIGS.find((b) => b.hosts.some((h) => name === h || name.endsWith(`.${h}`))) ?? defaultBrand();
}

export function brandIdentityForHost(host: string): BrandIdentity {
  const { id, name, hosts } = brandConfigForHost(host);
  return { id, name, hosts };
}

/** The brand with this id, or the default one. */
export function brandConfigById(id: string): BrandConfig {
  return BRAND_CONFIGS.find((b) => b.id === id) ?? defaultBrand();
}

/** Every configured brand's id, the default first (for schemas: z.enum needs at least one). */
export const BRAND_IDS: readonly [string, ...string[]] = [
  defaultBrand().id,
  ...BRAND_CONFIGS.slice(1).map((b) => b.id),
];
