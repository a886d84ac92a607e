/**
 * The brand configuration (issue 12, spec §1 "two consumer brands chosen by host name ... The Sponsors link
 * is hidden on one host"; presentation switches theme v1–v12, redesign, logo v1–v5, rounded buttons).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRANDS_FILE, parseBrandsFile, THEME_IDS, type BrandsFile } from '../src/brand/brand-config';
import { BRAND_CONFIGS, brandConfigById, brandConfigForHost } from '../src/brand/brands';
import { phoneForAffid } from '../src/brand/call-number';

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const TEXT = '#1d2733';
const MUTED = '#5b6776';
const AA = 4.5;

function copy(): BrandsFile {
  return structuredClone(BRANDS_FILE);
}

describe('brands.json', () => {
  it('is valid, with two brands and the default first', () => {
    expect(BRAND_CONFIGS.map((b) => b.id)).toEqual(['claim-check', 'injury-finder']);
    expect(BRAND_CONFIGS[0]?.id).toBe(BRANDS_FILE.defaultBrand);
  });

  it('§1: the Sponsors link is hidden on one brand and shown on the other', () => {
    expect(BRAND_CONFIGS.filter((b) => !b.showSponsors)).toHaveLength(1);
    expect(BRAND_CONFIGS.filter((b) => b.showSponsors)).toHaveLength(1);
  });

  it.each([
    ['accidentclaimcheck.com', 'claim-check'],
    ['www.accidentclaimcheck.com:443', 'claim-check'],
    ['INJURYCASEFINDER.COM', 'injury-finder'],
    ['lp.injurycasefinder.com', 'injury-finder'],
    ['localhost:3000', 'claim-check'],
    ['evilinjurycasefinder.com', 'claim-check'],
    ['', 'claim-check'],
  ])('host %s gets brand %s (an unknown host the default)', (host, id) => {
    expect(brandConfigForHost(host).id).toBe(id);
  });

  it('any host that is not a brand host gets the default brand', () => {
    fc.assert(
      fc.property(fc.domain(), (host) => {
        const hosted = BRAND_CONFIGS.some((b) => b.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
        fc.pre(!hosted);
        expect(brandConfigForHost(host).id).toBe(BRANDS_FILE.defaultBrand);
      }),
    );
  });

  it('an unknown id gets the default brand', () => {
    expect(brandConfigById('nope').id).toBe(BRANDS_FILE.defaultBrand);
    expect(brandConfigById('injury-finder').id).toBe('injury-finder');
  });

  it('§3 call-tracking number: the affid’s configured number, else the brand’s default', () => {
    const brand = brandConfigById('claim-check');
    expect(phoneForAffid(brand, '252')).toBe('8005550142');
    expect(phoneForAffid(brand, '999')).toBe(brand.phone);
    expect(phoneForAffid(brand, null)).toBe(brand.phone);
    expect(phoneForAffid(brand, '__proto__')).toBe(brand.phone);
  });

  describe.each(THEME_IDS.map((id) => [id, BRANDS_FILE.themes[id]] as const))('theme %s: contrast AA', (_id, theme) => {
    it('white text on the brand colour (header, buttons)', () => {
      expect(contrast('#ffffff', theme.brand)).toBeGreaterThanOrEqual(AA);
      expect(contrast('#ffffff', theme.brandDark)).toBeGreaterThanOrEqual(AA);
    });
    it('dark text on the accent (call button)', () => {
      expect(contrast('#111111', theme.accent)).toBeGreaterThanOrEqual(AA);
    });
    it('body and muted text on the page background; the brand colour as text on white (redesign header, links)', () => {
      expect(contrast(TEXT, theme.surface)).toBeGreaterThanOrEqual(AA);
      expect(contrast(MUTED, theme.surface)).toBeGreaterThanOrEqual(AA);
      expect(contrast(theme.brand, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(theme.brandDark, '#ffffff')).toBeGreaterThanOrEqual(AA);
    });
  });
});

describe('a broken brands file is refused, naming what is wrong', () => {
  it.each<[string, (file: BrandsFile) => void, RegExp]>([
    ['an unknown default brand', (f) => (f.defaultBrand = 'nope'), /no brand nope[\s\S]*at defaultBrand/],
    [
      'a host of two brands',
      (f) => f.brands[1]?.hosts.push(f.brands[0]?.hosts[0] ?? ''),
      /a host belongs to two brands[\s\S]*at brands/,
    ],
    [
      'a repeated id',
      (f) => f.brands[1] && (f.brands[1].id = f.brands[0]?.id ?? ''),
      /brand ids repeat[\s\S]*at brands/,
    ],
    ['a bad colour', (f) => (f.themes.v3.brand = 'purple'), /#rrggbb[\s\S]*at themes\.v3\.brand/],
    [
      'a phone with +1',
      (f) => f.brands[0] && (f.brands[0].phone = '+18005550199'),
      /10 digits, without \+1[\s\S]*at brands\[0\]\.phone/,
    ],
    [
      'a phone whose exchange starts with 1 (lead/us-phone.ts)',
      (f) => f.brands[0] && (f.brands[0].phone = '8001550199'),
      /10 digits, without \+1[\s\S]*at brands\[0\]\.phone/,
    ],
    [
      'an unknown theme',
      (f) => {
        const brand = f.brands[0];
        if (brand) Object.assign(brand.presentation, { theme: 'v13' });
      },
      /at brands\[0\]\.presentation\.theme/,
    ],
    [
      'a missing Spanish footer note',
      (f) => f.brands[0] && Object.assign(f.brands[0].footerNote, { es: '' }),
      /at brands\[0\]\.footerNote\.es/,
    ],
    ['an unknown field', (f) => Object.assign(f.brands[0] ?? {}, { colour: '#fff' }), /colour/],
  ])('%s', (_what, breakIt, message) => {
    const file = copy();
    breakIt(file);
    expect(() => parseBrandsFile(file)).toThrow(message);
  });
});
