/**
 * The two consumer brands, chosen by host name (spec §1). Who they are (id, name, hosts) is the domain's
 * (brand/brands.ts), shared with the server's consent versions; their presentation is here. Colours are
 * applied as CSS variables so a brand changes presentation only.
 */
import { brandIdentityForHost, type BrandId, type BrandIdentity } from '@app/funnel';

interface BrandLook {
  primary: string;
  primaryDark: string;
  accent: string;
  /** Call-tracking default (§3): a toll-free number until the operator sets a tracked one. */
  phone: string;
  showSponsors: boolean;
}

export type Brand = BrandIdentity & BrandLook;

const LOOKS: Record<BrandId, BrandLook> = {
  'claim-check': {
    primary: '#0b4f8a',
    primaryDark: '#083a66',
    accent: '#f2a900',
    phone: '8005550199',
    showSponsors: true,
  },
  'injury-finder': {
    primary: '#0f6b4f',
    primaryDark: '#0a4d39',
    accent: '#ff7a45',
    phone: '8005550198',
    showSponsors: false,
  },
};

export function brandForHost(host: string): Brand {
  const identity = brandIdentityForHost(host);
  return { ...identity, ...LOOKS[identity.id] };
}

export function formatUsPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function applyBrand(brand: Brand, root: HTMLElement): void {
  root.style.setProperty('--brand', brand.primary);
  root.style.setProperty('--brand-dark', brand.primaryDark);
  root.style.setProperty('--accent', brand.accent);
}
