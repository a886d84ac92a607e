/**
 * When a failed delivery is tried again (issue 14: exponential backoff with jitter, up to a window,
 * then dead). Pure: the caller hands in the time and a random number.
 */
import { z } from 'zod';

export const RetryPolicySchema = z.object({
  /** The wait after the first failure. */
  baseDelayMs: z.number().int().min(1),
  /** No wait is longer than this, so a buyer back after an outage gets its leads soon. */
  maxDelayMs: z.number().int().min(1),
  /** Counted from the job's creation: a failure after this ends the job as dead. */
  windowMs: z.number().int().min(1),
});
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  windowMs: 24 * 60 * 60_000,
};

/**
 * The wait after failed attempt number `attempt` (1-based): base × 2^(attempt−1), capped, then "equal
 * jitter" (half fixed, half random) so that leads failing together at a buyer's outage do not all come
 * back at the same instant. `random` is in [0, 1).
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: number): number {
  const exponential = policy.baseDelayMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40);
  const capped = Math.min(policy.maxDelayMs, exponential);
  return Math.round(capped / 2 + (capped / 2) * random);
}

/**
 * The next attempt's time after a failure at `failedAt`, or null when the job is dead: its retry window
 * (`deadline`, the job's creation plus windowMs) is over. The last try is made at the deadline rather
 * than skipped.
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  input: { deadline: Date; failedAt: Date; attempt: number; random: number },
): Date | null {
  const deadline = input.deadline.getTime();
  if (input.failedAt.getTime() >= deadline) return null;
  const next = input.failedAt.getTime() + retryDelayMs(policy, input.attempt, input.random);
  return new Date(Math.min(next, deadline));
}
