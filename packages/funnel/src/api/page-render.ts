/**
 * Between the server and the web app's server-side renderer (issue 10): what the server asks for a path,
 * and the page it gets back. The web app's entry-server types its answer with these; the server parses
 * the answer with them, as it would any other body crossing a boundary.
 */
import { z } from 'zod';
import { SponsorSchema } from '../delivery/sponsors';

export const PageRenderRequestSchema = z.object({
  /** The request's path, without the query. */
  path: z.string(),
  /** The query string, with its "?" (the thank-you page reads it), or "". */
  search: z.string(),
  /** The Host the visitor asked for: it chooses the brand (§1). */
  host: z.string(),
  /** The server's UTC date, YYYY-MM-DD. */
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /**
   * The variant to show instead of the path's own: the visitor's experiment arm (issue 16), which the
   * server read from its signed cookie. Absent: the route registry's variant.
   */
  variant: z.string().optional(),
  /** The opt-out form's reCAPTCHA site key (issue 12); absent or null when none is configured. */
  recaptchaSiteKey: z.string().min(1).nullable().optional(),
  /** Issue 28: the firms the Sponsors page lists (the buyers leads go to); asked only for that page. */
  sponsors: z.array(SponsorSchema).optional(),
});
export type PageRenderRequest = z.infer<typeof PageRenderRequestSchema>;

export const RenderedPageSchema = z.object({
  status: z.number().int().min(200).max(599),
  html: z.string(),
  /** Set when the page depends only on path, brand and day: the same key, the same bytes. */
  cacheKey: z.string().nullable(),
});
export type RenderedPage = z.infer<typeof RenderedPageSchema>;
