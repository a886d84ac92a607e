/**
 * The console's funnel analytics and experiments API (issue 16): queries the server parses and answers
 * the console's screens parse (one schema each way, as console-api.ts).
 */
import { z } from 'zod';
import { BRAND_IDS } from '../brand/brands';
import { ExperimentConfigSchema } from '../experiments/experiment-config';
import { IsoDateSchema } from '../lead/field-schemas';
import { LanguageSchema } from '../lead/lead-submission';

function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** Which sessions: started (first snapshot) within these UTC days, of this brand and language. */
export const AnalyticsFiltersSchema = z.object({
  from: optionalQuery(IsoDateSchema),
  to: optionalQuery(IsoDateSchema),
  brand: optionalQuery(z.enum(BRAND_IDS)),
  language: optionalQuery(LanguageSchema),
});
export type AnalyticsFilters = z.infer<typeof AnalyticsFiltersSchema>;

/** GET /api/console/analytics/funnel: one variant's funnel (and, optionally, one experiment's arm). */
export const FunnelQuerySchema = AnalyticsFiltersSchema.extend({
  variant: z.string().trim().min(1, 'Choose a variant').max(60),
  experiment: optionalQuery(z.string().max(40)),
  arm: optionalQuery(z.string().max(40)),
});
export type FunnelQuery = z.infer<typeof FunnelQuerySchema>;

/** GET /api/console/analytics/variants: sessions and leads per variant, for the picker and overview. */
export const VariantSummarySchema = z.object({
  variant: z.string(),
  sessions: z.number(),
  leads: z.number(),
  qualified: z.number(),
});
export const VariantSummariesSchema = z.object({ variants: z.array(VariantSummarySchema) });

export const StepFunnelSchema = z.object({
  id: z.string(),
  eligible: z.number(),
  reached: z.number(),
  skipped: z.number(),
  completed: z.number(),
  dropOff: z.number(),
  reachRate: z.number(),
  dropOffRate: z.number(),
  medianMs: z.number().nullable(),
});

export const FunnelReportSchema = z.object({
  variant: z.string(),
  sessions: z.number(),
  leads: z.number(),
  qualified: z.number(),
  completionRate: z.number(),
  qualificationRate: z.number(),
  steps: z.array(StepFunnelSchema),
  unresolvedExits: z.array(z.object({ after: z.string(), sessions: z.number() })),
  foreignSnapshots: z.number(),
  dqReasons: z.array(z.object({ reason: z.string(), leads: z.number() })),
});

/** PUT /api/console/experiments/:id: the configuration (its id is the path's). */
export const ExperimentBodySchema = ExperimentConfigSchema;

const IntervalSchema = z.object({ rate: z.number(), low: z.number(), high: z.number() });

export const ArmStatsSchema = z.object({
  arm: z.string(),
  variant: z.string(),
  weight: z.number(),
  visitors: z.number(),
  leads: z.number(),
  qualified: z.number(),
  revenueCents: z.number(),
  revenueSquaresCents: z.number(),
  completion: IntervalSchema,
  qualification: IntervalSchema,
  revenuePerVisitor: z.object({ mean: z.number(), low: z.number(), high: z.number().nullable() }),
  /** null: an arm has no visitor yet, so there is nothing to compare (experiment-stats.ts). */
  pBestQualified: z.number().nullable(),
  pBestCompletion: z.number().nullable(),
});

export const ExperimentReportSchema = z.object({
  config: ExperimentConfigSchema,
  updatedAt: z.string(),
  arms: z.array(ArmStatsSchema),
});
export const ExperimentListSchema = z.object({ experiments: z.array(ExperimentReportSchema) });

export type ExperimentReport = z.infer<typeof ExperimentReportSchema>;
export type FunnelReportAnswer = z.infer<typeof FunnelReportSchema>;
