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

export type Parsed<T> = { ok: true; data: T } | { ok: false; fields: FieldProblem[] };

/** The body parsed, or every problem with it by field ('(body)' for the body as a whole). */
export function parseWithProblems<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    fields: parsed.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
      message: issue.message,
    })),
  };
}

export function sendInvalidBody(reply: FastifyReply, fields: readonly FieldProblem[]): FastifyReply {
  return reply
    .code(400)
    .send({ error: 'invalid_body', message: `Invalid fields: ${fields.map((f) => f.field).join(', ')}`, fields });
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = parseWithProblems(schema, body);
  if (parsed.ok) return parsed.data;
  void sendInvalidBody(reply, parsed.fields);
  return undefined;
}
