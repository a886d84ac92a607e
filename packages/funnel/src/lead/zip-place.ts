/** The answer of GET /us/{zip} (spec §7 zip lookup) and the place fields it gives the lead. */
import { z } from 'zod';

export const ZipPlaceSchema = z.object({
  zip: z.string(),
  city: z.string().min(1),
  state: z.string().regex(/^[A-Z]{2}$/),
  state_long: z.string().min(1),
  county: z.string().min(1),
});

export type ZipPlace = z.infer<typeof ZipPlaceSchema>;
