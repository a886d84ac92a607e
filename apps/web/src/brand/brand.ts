/**
 * The brand a page is shown under (spec §1), as configured in the domain's brands.json (brand-config.ts):
 * the server picks it from the Host header and puts it in the page data, so the browser's first chunk
 * carries neither the configuration nor the host matching (brand-for-host.ts). Colours are CSS the server
 * writes from the configuration (server-render/brand-styles.ts) under `html[data-brand=…]`, so the
 * server's HTML is in the brand's colours before any script runs.
 */
import type { BrandConfig } from '@app/funnel';

export type Brand = BrandConfig;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A brand as the page data carries it (app/page-data.ts). The server wrote it from the validated
 * configuration; this only makes sure a saved and edited page cannot crash the app on what it reads.
 */
export function isBrand(value: unknown): value is Brand {
  return (
    isRecord(value) &&
    ['id', 'name', 'phone'].every((key) => typeof value[key] === 'string') &&
    isRecord(value.phoneByAffid) &&
    isRecord(value.footerNote) &&
    isRecord(value.presentation)
  );
}
