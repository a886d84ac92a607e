/**
 * The brands and presentation switches of spec §1 as configuration (issue 12): brands.json beside this
 * file says who each brand is (name, hosts, phone numbers, contact, footer note, whether the Sponsors page
 * exists) and how it looks (theme v1–v12, redesign, logo v1–v5, rounded buttons). It is checked here, once,
 * when any part of the app loads it: a broken file stops the build, the tests and the server's start, never
 * a visitor's page. docs/brands.md says how to edit it.
 */
import { z } from 'zod';
import { US_PHONE_PATTERN } from '../lead/us-phone';
import file from './brands.json' with { type: 'json' };

export const THEME_IDS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11', 'v12'] as const;
export const LOGO_IDS = ['v1', 'v2', 'v3', 'v4', 'v5'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export type LogoId = (typeof LOGO_IDS)[number];

const Colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour is written #rrggbb');
const UsPhoneDigits = z.string().regex(US_PHONE_PATTERN, 'a US phone number is 10 digits, without +1');

export const ThemeSchema = z.strictObject({
  /** Header, buttons, links: white text sits on it. */
  brand: Colour,
  brandDark: Colour,
  /** The call button's background: dark text sits on it. */
  accent: Colour,
  /** The page background: body text and links sit on it. */
  surface: Colour,
});
export type Theme = z.infer<typeof ThemeSchema>;

const PerLanguage = z.strictObject({ en: z.string().min(1), es: z.string().min(1) });

export const BrandConfigSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a brand id is lower-case kebab-case'),
  name: z.string().min(1),
  /** Host names (or parent domains) that select this brand; a port is ignored. */
  hosts: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'a host is a lower-case domain name')).min(1),
  /** The call-tracking number by default (§3 "default is a toll-free US number"). */
  phone: UsPhoneDigits,
  /** A tracked number per affiliate id (issue 12), shown instead of `phone` when the query's affid matches. */
  phoneByAffid: z.record(z.string().regex(/^\d+$/), UsPhoneDigits),
  /** Where privacy requests and questions go (privacy policy, opt-out page). */
  privacyEmail: z.email(),
  mailingAddress: z.string().min(1),
  /** §1 "The Sponsors link is hidden on one host": false hides the link and answers /sponsors with 404. */
  showSponsors: z.boolean(),
  /** The brand's own line in the footer (§1 "different ... footer text"), per language. */
  footerNote: PerLanguage,
  presentation: z.strictObject({
    theme: z.enum(THEME_IDS),
    /** The redesign style: a light header with the brand's colour as text. */
    redesign: z.boolean(),
    logo: z.enum(LOGO_IDS),
    roundedButtons: z.boolean(),
  }),
});
export type BrandConfig = z.infer<typeof BrandConfigSchema>;

export const BrandsFileSchema = z
  .object({
    $comment: z.string().optional(),
    defaultBrand: z.string(),
    themes: z.strictObject({
      v1: ThemeSchema,
      v2: ThemeSchema,
      v3: ThemeSchema,
      v4: ThemeSchema,
      v5: ThemeSchema,
      v6: ThemeSchema,
      v7: ThemeSchema,
      v8: ThemeSchema,
      v9: ThemeSchema,
      v10: ThemeSchema,
      v11: ThemeSchema,
      v12: ThemeSchema,
    } satisfies Record<ThemeId, typeof ThemeSchema>),
    brands: z.array(BrandConfigSchema).min(1),
  })
  .superRefine((config, ctx) => {
    const ids = config.brands.map((b) => b.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['brands'], message: 'brand ids repeat' });
    const hosts = config.brands.flatMap((b) => b.hosts);
    if (new Set(hosts).size !== hosts.length) {
      ctx.addIssue({ code: 'custom', path: ['brands'], message: 'a host belongs to two brands' });
    }
    if (!ids.includes(config.defaultBrand)) {
      ctx.addIssue({ code: 'custom', path: ['defaultBrand'], message: `no brand ${config.defaultBrand}` });
    }
  });
export type BrandsFile = z.infer<typeof BrandsFileSchema>;

/** Parses a brands file, or throws naming every field that is wrong. */
export function parseBrandsFile(input: unknown): BrandsFile {
  const parsed = BrandsFileSchema.safeParse(input);
  if (!parsed.success) throw new Error(`brands.json is not valid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const BRANDS_FILE: BrandsFile = parseBrandsFile(file);
