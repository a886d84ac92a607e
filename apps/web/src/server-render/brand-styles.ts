/**
 * The brands' colours and presentation switches as CSS (issue 12), written from the brand configuration
 * (the domain's brands.json) when the renderer is made: rules per brand under html[data-brand=…] (its
 * colours, and its logo's mark, issue 28), set
 * on <html> by the server, so the first paint is in the brand's theme. It goes inside every page as a
 * <style> allowed by its hash in the Content-Security-Policy, like the main style sheet.
 */
import { BRANDS_FILE, type BrandConfig, type BrandsFile } from '@app/funnel';
import { logoMaskUrl } from './logo-marks';

function brandRule(brand: BrandConfig, file: BrandsFile): string {
  const theme = file.themes[brand.presentation.theme];
  const { redesign, roundedButtons } = brand.presentation;
  const vars: Record<string, string> = {
    '--brand': theme.brand,
    '--brand-dark': theme.brandDark,
    '--accent': theme.accent,
    // The call and submit buttons' hover and pressed shades (issue 11), darker than the accent.
    '--accent-hover': `color-mix(in srgb, ${theme.accent} 88%, #000)`,
    '--accent-active': `color-mix(in srgb, ${theme.accent} 80%, #000)`,
    '--bg': theme.surface,
    '--button-radius': roundedButtons ? '999px' : '6px',
    // The redesign style: a light header, the brand's colour as its text.
    '--header-bg': redesign ? '#ffffff' : theme.brand,
    '--header-text': redesign ? theme.brandDark : '#ffffff',
    '--header-line': redesign ? theme.brand : 'transparent',
  };
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  // Issue 28: the logo's mark, drawn in the header's text colour (site/brand-logo.tsx).
  const mask = `${logoMaskUrl(brand.presentation.logo)} center/contain no-repeat`;
  const logo = `html[data-brand="${brand.id}"] .brand-logo__mark{-webkit-mask:${mask};mask:${mask}}`;
  return `html[data-brand="${brand.id}"]{${body}}\n${logo}`;
}

export function brandStyleSheet(file: BrandsFile = BRANDS_FILE): string {
  return file.brands.map((brand) => brandRule(brand, file)).join('\n');
}
