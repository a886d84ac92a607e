/**
 * The two consumer brands (spec §1 "two consumer brands chosen by host name"): who they are, named once
 * for the page (header, footer, consent text) and the server (which consent text a lead saw). Colours
 * and other presentation stay in the web app.
 */
export const BRAND_IDS = ['claim-check', 'injury-finder'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

export interface BrandIdentity {
  id: BrandId;
  name: string;
  /** Host names (or parent domains) that select this brand. The first brand is the default. */
  hosts: readonly string[];
}

export const BRAND_IDENTITIES = [
  { id: 'claim-check', name: 'Accident Claim Check', hosts: ['accidentclaimcheck.com'] },
  { id: 'injury-finder', name: 'Injury Case Finder', hosts: ['injurycasefinder.com'] },
] as const satisfies readonly BrandIdentity[];

/** The brand a host name selects (a port is ignored); the first brand for any other host. */
export function brandIdentityForHost(host: string): BrandIdentity {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const match = BRAND_IDENTITIES.find((b) => b.hosts.some((h) => name === h || name.endsWith(`.${h}`)));
  return match ?? BRAND_IDENTITIES[0];
}
