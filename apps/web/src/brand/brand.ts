/**
 * The two consumer brands, chosen by host name (spec §1). Who they are (id, name, hosts) is the domain's
 * (brand/brands.ts), shared with the server's consent versions; their presentation is here and in the
 * stylesheet: the colours are CSS under `html[data-brand=…]` (styles/global.css), so the server's HTML is
 * already in the brand's colours before any script runs, under a CSP that allows no inline style (issue 10).
 */
import { BRAND_IDENTITIES, brandIdentityForHost, type BrandId, type BrandIdentity } from '@app/funnel';

interface BrandLook {
  /** Call-tracking default (§3): a toll-free number until the operator sets a tracked one. */
  phone: string;
  showSponsors: boolean;
}

export type Brand = BrandIdentity & BrandLook;

const LOOKS: Record<BrandId, BrandLook> = {
  'claim-check': { phone: '8005550199', showSponsors: true },
  'injury-finder': { phone: '8005550198', showSponsors: false },
};

function withLook(identity: BrandIdentity): Brand {
  return { ...identity, ...LOOKS[identity.id] };
}

export function brandForHost(host: string): Brand {
  return withLook(brandIdentityForHost(host));
}

/** The brand the server rendered the page in (app/page-data.ts), or the default for an unknown id. */
export function brandById(id: string): Brand {
  return withLook(BRAND_IDENTITIES.find((b) => b.id === id) ?? BRAND_IDENTITIES[0]);
}

/** Every brand, as the renderer's tests and the screenshots go through them. */
export const BRANDS: readonly Brand[] = BRAND_IDENTITIES.map(withLook);

export function formatUsPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
