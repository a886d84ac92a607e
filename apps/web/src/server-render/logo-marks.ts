/**
 * The brands' logo marks (spec §1 "logo variants v1 to v5"; brands.json presentation.logo), 32 × 32 SVG
 * paths. The server writes each brand's mark into its style sheet (brand-styles.ts) as a CSS mask, so the
 * header's logo is in the first paint of every page, the survey's included, and no page's script carries it.
 */
import type { LogoId } from '@app/funnel';

export const LOGO_MARKS: Readonly<Record<LogoId, string>> = {
  // v1: shield with a check.
  v1: 'M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7L16 2Zm-2 20-6-6 2.1-2.1 3.9 3.9 7.9-7.9L24 12l-10 10Z',
  // v2: circle with a check.
  v2: 'M16 2a14 14 0 1 0 0 28 14 14 0 0 0 0-28Zm-2.2 20.2-6-6 2.1-2.1 3.9 3.9 8.3-8.3 2.1 2.1-10.4 10.4Z',
  // v3: scales of justice.
  v3: 'M15 4h2v3.1l7 2.2V11l4 9a5 5 0 0 1-10 0l3.6-8.3L17 10.4V26h6v2H9v-2h6V10.4l-4.6 1.3L14 20a5 5 0 0 1-10 0l4-9V9.3l7-2.2V4ZM9 13.6 6.4 20h5.2L9 13.6Zm14 0L20.4 20h5.2L23 13.6Z',
  // v4: a car seen from the front.
  v4: 'M8 8h16l3 7h2v2h-1v8h-4v-3H8v3H4v-8H3v-2h2l3-7Zm1.4 2-2 5h17.2l-2-5H9.4ZM8 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm16 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z',
  // v5: a speech bubble (talk to an attorney).
  v5: 'M6 4h20a3 3 0 0 1 3 3v13a3 3 0 0 1-3 3H14l-7 6v-6H6a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3Zm4 7v2h12v-2H10Zm0 5v2h8v-2h-8Z',
};

/** The mark as a CSS url(): an SVG data URL (the Content-Security-Policy allows data: images). */
export function logoMaskUrl(logo: LogoId): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="${LOGO_MARKS[logo]}"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
