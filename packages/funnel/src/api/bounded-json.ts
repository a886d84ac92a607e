/**
 * Free-form JSON in a body (progress entries, buyer-call fields) with a depth limit, checked without
 * recursion before anything recursive (zod's z.json, JSON.stringify) sees it: 10,000 levels of nesting
 * answer 400 naming the field instead of overflowing the stack into a 500 (issue 9). The body limit
 * already bounds the size; strings in it are stored as escaped JSON, which every database accepts.
 */
import { z } from 'zod';

/** Deep enough for any real progress entry or buyer field; far below what overflows a stack. */
export const JSON_MAX_DEPTH = 10;

export const JSON_TOO_DEEP_MESSAGE = `is nested deeper than ${JSON_MAX_DEPTH} levels`;

/** How deep `value` nests (a scalar is 0, `[]` is 1), stopping early once past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined || typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    const children: unknown[] = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) stack.push({ value: child, depth });
  }
  return deepest;
}

const Json: z.ZodType<unknown> = z.json();

/** Any JSON value nested at most `maxDepth` levels (counting the value itself when it is an object). */
export function boundedJson(maxDepth = JSON_MAX_DEPTH): z.ZodType<unknown> {
  return z
    .unknown()
    .refine((value) => jsonDepth(value, maxDepth) <= maxDepth, { message: JSON_TOO_DEEP_MESSAGE, abort: true })
    .pipe(Json);
}
