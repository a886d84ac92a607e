/**
 * GET /api/page-config (issue 13): what the operator configured for the survey pages' exits and lookups.
 * Every entry is optional: with none configured the funnel works and the matching fields stay empty.
 */
import { z } from 'zod';
import { PageTagsSchema } from '../tracking/page-tags';

const Link = z.url().nullable();

export const PageConfigSchema = z.object({
  /** §4 "Disqualified: a new tab to a partner or tracking link" (the spec's helper is not shown). */
  dqPartnerLink: Link,
  /** §4 VW3: the affiliate tracking link the lawyer-redirect reasons open. */
  vw3AffiliateLink: Link,
  /** §7 "a public IP lookup", asked before the server's own /api/ip; answers JSON {ip}. */
  publicIpLookupUrl: Link,
  /** §7, §9 GET /check-affid-pre/{affid}/{percentage}: at 100 no call is made and pre-population is on. */
  prePopulationPercentage: z.number().int().min(0).max(100),
  /** §3, §6, §7, §9: the third-party tags' scripts (tracking/page-tags.ts); each loaded only when configured. */
  tags: PageTagsSchema,
});

export type PageConfig = z.infer<typeof PageConfigSchema>;

/** GET /api/ip and the public lookups of the same form (ipify's ?format=json answers {ip}). */
export const VisitorIpSchema = z.object({ ip: z.string().trim().min(2).max(64) });
