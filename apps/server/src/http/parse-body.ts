/**
 * Parses a request body with a shared zod schema. A failure answers 400 with every bad field named,
 * so a caller can fix the body in one round trip (architecture principle 2).
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export interface FieldProblem {
  field: string;
  message: string;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldProblem[] = parsed.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
  void reply
    .code(400)
    .send({ error: 'invalid_body', message: `Invalid fields: ${fields.map((f) => f.field).join(', ')}`, fields });
  return undefined;
}
