import { ExperimentConfigSchema } from '@app/funnel';

/** The schema's problems as "where: what", for the operator (the server checks with the same schema). */
export function configProblems(config: unknown): string[] {
  const parsed = ExperimentConfigSchema.safeParse(config);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'experiment'}: ${i.message}`);
}
