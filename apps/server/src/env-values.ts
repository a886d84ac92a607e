/** How every environment setting is read (config.ts and each port's own settings). */
import type { z } from 'zod';

/** `NAME=` in an env file means "not set", not "set to nothing". */
export const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The environment parsed with a schema, or an error naming every bad variable and its rule, never its
 * value (keys, webhook and database URLs are secrets): the start stops at the first bad setting.
 */
export function parseEnvironment<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
