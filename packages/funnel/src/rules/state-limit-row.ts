/** One row of the accident age limit table (data/accident-age-limits.csv), as a schema the data is checked with. */
import { z } from 'zod';

export const StateLimitRowSchema = z.object({
  state: z.string().regex(/^[A-Z]{2}$/),
  years: z.number().int().positive(),
  /** Inclusive first accident date the row applies to; null = no lower bound. */
  accidentsFrom: z.string().nullable(),
  /** Exclusive end of the accident dates the row applies to; null = no upper bound. */
  accidentsBefore: z.string().nullable(),
  source: z.string(),
});
export type StateLimitRow = z.infer<typeof StateLimitRowSchema>;
