/**
 * The brands' colours and presentation switches as CSS (issue 12), written from the brand configuration
 * (the domain's brands.json) when the renderer is made: one rule per brand under html[data-brand=…], set
 * on <html> by the server, so the first paint is in the brand's theme. It goes inside every page as a
 * <style> allowed by its hash in the Content-Security-Policy, like the main style sheet.
 */
import { BRANDS_FILE, type BrandConfig, type BrandsFile } from '@app/funnel';

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
  return `html[data-brand="${brand.id}"]{${body}}`;
}

export function brandStyleSheet(file: BrandsFile = BRANDS_FILE): string {
  return file.brands.map((brand) => brandRule(brand, file)).join('\n');
}
