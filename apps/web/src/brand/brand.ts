/**
 * The two consumer brands, chosen by host name (spec §1). Colours are applied as CSS variables so a
 * brand changes presentation only.
 */
export interface Brand {
  id: string;
  name: string;
  /** Host names (or suffixes) that select this brand. The first brand is the default. */
  hosts: readonly string[];
  primary: string;
  primaryDark: string;
  accent: string;
  /** Call-tracking default (§3): a toll-free number until the operator sets a tracked one. */
  phone: string;
  showSponsors: boolean;
}

export const BRANDS: readonly Brand[] = [
  {
    id: 'claim-check',
    name: 'Accident Claim Check',
    hosts: ['accidentclaimcheck.com'],
    primary: '#0b4f8a',
    primaryDark: '#083a66',
    accent: '#f2a900',
    phone: '8005550199',
    showSponsors: true,
  },
  {
    id: 'injury-finder',
    name: 'Injury Case Finder',
    hosts: ['injurycasefinder.com'],
    primary: '#0f6b4f',
    primaryDark: '#0a4d39',
    accent: '#ff7a45',
    phone: '8005550198',
    showSponsors: false,
  },
];

export function brandForHost(host: string): Brand {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const match = BRANDS.find((b) => b.hosts.some((h) => name === h || name.endsWith(`.${h}`)));
  return match ?? BRANDS[0] ?? fail();
}

function fail(): never {
  throw new Error('At least one brand must be configured');
}

export function formatUsPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function applyBrand(brand: Brand, root: HTMLElement): void {
  root.style.setProperty('--brand', brand.primary);
  root.style.setProperty('--brand-dark', brand.primaryDark);
  root.style.setProperty('--accent', brand.accent);
}
