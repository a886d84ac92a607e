/**
 * An experiment (issue 16): one landing path shown as several variants, each visitor assigned one arm by
 * weight and kept on it (docs/decisions/0021-experiments-and-funnel-statistics.md). The configuration is validated here, once, for
 * the sample file, the console's editor and the server's store alike: every arm names a flow whose leads
 * go where the path's own variant's go and that speaks the path's language, so an arm can never send a
 * visitor to a page the path could not have shown.
 */
import { z } from 'zod';
import { flowById } from '../flows/flow-registry';
import { resolveRoute, ROUTES } from '../routes/route-registry';
import { seedToUnit } from '../rules/traffic-split';

const SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;
const slug = (what: string) =>
  z
    .string()
    .trim()
    .regex(SLUG, `${what} is 1–40 lower-case letters, digits or dashes, starting with a letter or digit`);

/** A weight of 0 stops an arm: no new visitor gets it; those already on it keep it. */
export const ExperimentArmSchema = z.object({
  id: slug('An arm id'),
  variant: z.string().trim().min(1, 'Choose a variant').max(60),
  weight: z
    .number({ error: 'A weight is a whole number from 0 to 1000' })
    .int('A weight is a whole number from 0 to 1000')
    .min(0, 'A weight is a whole number from 0 to 1000')
    .max(1000, 'A weight is a whole number from 0 to 1000'),
});

export const EXPERIMENT_STATUSES = ['running', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

export const ExperimentConfigSchema = z
  .object({
    id: slug('The experiment id'),
    name: z.string().trim().min(1, 'Name the experiment').max(120),
    /** A landing path of the route registry, e.g. /survey. */
    path: z.string().trim().min(1, 'Choose a landing path').max(200),
    status: z.enum(EXPERIMENT_STATUSES),
    arms: z.array(ExperimentArmSchema).min(2, 'An experiment has at least two arms').max(10, 'At most ten arms'),
  })
  .superRefine((config, ctx) => {
    for (const problem of experimentProblems(config)) ctx.addIssue({ code: 'custom', ...problem });
  });

export type ExperimentArm = z.infer<typeof ExperimentArmSchema>;
export type ExperimentConfig = z.infer<typeof ExperimentConfigSchema>;

/** A file of experiments (the sample, or one an operator loads): a list, ids unique. */
export const ExperimentFileSchema = z
  .object({ experiments: z.array(ExperimentConfigSchema).max(100) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    for (const [i, e] of file.experiments.entries()) {
      if (seen.has(e.id)) ctx.addIssue({ code: 'custom', path: ['experiments', i, 'id'], message: `${e.id} twice` });
      seen.add(e.id);
    }
  });

interface Problem {
  path: (string | number)[];
  message: string;
}

/** Everything wrong with a configuration beyond its shape: path, arms' variants, weights. */
function experimentProblems(config: {
  path: string;
  arms: readonly { id: string; variant: string; weight: number }[];
}): Problem[] {
  const problems: Problem[] = [];
  const route = resolveRoute(config.path);
  if (!route) return [{ path: ['path'], message: `${config.path} is not a landing path of the funnel` }];
  const home = flowById(route.variant);
  const ids = new Set<string>();
  for (const [i, arm] of config.arms.entries()) {
    if (ids.has(arm.id)) problems.push({ path: ['arms', i, 'id'], message: `Arm ${arm.id} appears twice` });
    ids.add(arm.id);
    const flow = flowById(arm.variant);
    if (!flow) {
      problems.push({ path: ['arms', i, 'variant'], message: `${arm.variant} is not a variant` });
    } else if (home && flow.ending.destination !== home.ending.destination) {
      problems.push({
        path: ['arms', i, 'variant'],
        message: `${arm.variant} does not post its leads where ${route.variant} (the path's variant) does`,
      });
    } else if (variantLanguage(arm.variant) !== route.language) {
      problems.push({
        path: ['arms', i, 'variant'],
        message: `${arm.variant} is not ${route.language === 'es' ? 'a Spanish' : 'an English'} survey`,
      });
    }
  }
  if (config.arms.every((arm) => arm.weight === 0)) {
    problems.push({ path: ['arms'], message: 'At least one arm needs a weight above 0' });
  }
  return problems;
}

/** The language a variant is served in: that of the landing paths that show it (a variant has one). */
function variantLanguage(variant: string): string | undefined {
  return ROUTES.find((r) => r.variant === variant)?.language;
}

/** Does this experiment decide the page of this path? (Same route: /surveyv4nv/x is /surveyv4nv.) */
export function experimentCoversPath(config: Pick<ExperimentConfig, 'path' | 'status'>, pathname: string): boolean {
  if (config.status !== 'running') return false;
  const mine = resolveRoute(config.path);
  return mine !== undefined && mine === resolveRoute(pathname);
}

/**
 * The arm for a visitor, from a seed: the visitor's id hashed with the experiment's (seedToUnit), laid on
 * the arms' weights in order. The same visitor and experiment always give the same arm; an arm of weight
 * 0 is never chosen. Undefined only when every weight is 0 (a configuration the schema refuses).
 */
export function pickArm(config: Pick<ExperimentConfig, 'id' | 'arms'>, visitorId: string): ExperimentArm | undefined {
  const total = config.arms.reduce((sum, arm) => sum + arm.weight, 0);
  if (total <= 0) return undefined;
  let point = seedToUnit(`${config.id}|${visitorId}`) * total;
  for (const arm of config.arms) {
    if (arm.weight > 0 && point < arm.weight) return arm;
    point -= arm.weight;
  }
  return config.arms.findLast((arm) => arm.weight > 0);
}
