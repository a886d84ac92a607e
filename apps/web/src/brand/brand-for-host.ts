/** Host → brand (spec §1), for the server's render and the Vite dev server (never the browser's first chunk). */
import { BRAND_CONFIGS, brandConfigById, brandConfigForHost } from '@app/funnel';
import type { Brand } from './brand';

export function brandForHost(host: string): Brand {
  return brandConfigForHost(host);
}

/** The brand with this id, or the default one. */
export function brandById(id: string): Brand {
  return brandConfigById(id);
}

/** Every brand, as the renderer's tests and the screenshots go through them. */
export const BRANDS: readonly Brand[] = BRAND_CONFIGS;
