/**
 * One attempt to deliver a claimed job (issue 14 "Delivery"): checks that the lead may still go (its
 * contact suppressed since: skipped; its buyer paused: held), builds the buyer's request with the job's
 * idempotency key, sends it through the one outgoing path (providers/vendor-request.ts), reads the
 * answer, and for a failure picks the next try or declares the job dead.
 */
import {
  buildDeliveryRequest,
  mayHaveReachedBuyer,
  nextAttemptAt,
  resendMaySellTwice,
  readBuyerAnswer,
  type BuyerConfig,
  type DeliveryOutcome,
  type LeadFields,
  type RetryPolicy,
  type SecretResolver,
} from '@app/funnel';
import { describeVendorFailure, vendorRequest } from '../providers/vendor-request';
import type { ClaimedJob, JobResult } from './delivery-jobs-store';

/** Issue 29: a buyer's answer is read up to this size (an accepted/refused word fits many times over). */
export const BUYER_ANSWER_MAX_BYTES = 64 * 1024;

export interface AttemptContext {
  secret: SecretResolver;
  /** This server's own address, for targets written as a path (the development fake buyer). */
  selfUrl: string | undefined;
  /**
   * Issue 29: production's last look at a target before a lead goes to it (buyer-target-host.ts): why its
   * host may not be posted to (a name now resolving to a private address), or undefined. Absent: any host.
   */
  targetProblem?: (url: URL) => Promise<string | undefined>;
  timeoutMs: number;
  retry: RetryPolicy;
  /** How long a paused buyer's jobs wait before they are looked at again. */
  holdMs: number;
  now: () => Date;
  random: () => number;
}

export interface AttemptInput {
  job: ClaimedJob;
  buyer: BuyerConfig | undefined;
  /** The stored lead, or undefined when it is gone (anonymised, deleted). */
  lead: LeadFields | undefined;
  /** The lead's email or phone is on the suppression list now. */
  suppressed: boolean;
}

function attemptResult(
  context: AttemptContext,
  job: ClaimedJob,
  startedAt: Date,
  outcome: DeliveryOutcome,
  answer: { status: number | null; text: string; latencyMs: number },
  outcomeUnknown = false,
): JobResult {
  const retryAt =
    outcome.kind === 'failed' && !outcomeUnknown
      ? nextAttemptAt(context.retry, {
          deadline: new Date(job.deadline_at),
          failedAt: context.now(),
          attempt: job.attempts,
          random: context.random(),
        })
      : null;
  return {
    kind: 'attempt',
    outcome,
    startedAt,
    latencyMs: answer.latencyMs,
    httpStatus: answer.status,
    answerText: answer.text,
    retryAt,
    outcomeUnknown,
  };
}

export async function attemptDelivery(context: AttemptContext, input: AttemptInput): Promise<JobResult> {
  const { job, buyer, lead } = input;
  const startedAt = context.now();
  const configFailure = (message: string) =>
    attemptResult(
      context,
      job,
      startedAt,
      { kind: 'failed', failure: 'config', message },
      {
        status: null,
        text: '',
        latencyMs: 0,
      },
    );

  if (lead === undefined) return { kind: 'skipped', reason: 'the lead is anonymized or no longer stored' };
  if (input.suppressed) return { kind: 'skipped', reason: 'suppressed' };
  if (buyer === undefined) return configFailure(`buyer ${job.buyer_key} is not configured`);
  if (!buyer.active) {
    return { kind: 'held', until: new Date(startedAt.getTime() + context.holdMs), reason: 'buyer paused' };
  }

  const built = buildDeliveryRequest(buyer.target, {
    lead,
    leadId: job.lead_id,
    buyerKey: job.buyer_key,
    secret: context.secret,
    bidId: job.bid_ref,
  });
  if (!built.ok) return configFailure(built.problem);
  const { request } = built;
  let url: URL;
  if (request.url.startsWith('/')) {
    if (context.selfUrl === undefined) return configFailure('a path target needs the server to be listening');
    url = new URL(request.url, context.selfUrl);
  } else {
    url = new URL(request.url);
    const refused = await context.targetProblem?.(url);
    if (refused !== undefined) return configFailure(`target refused: ${refused}`);
  }

  const clock = performance.now();
  const result = await vendorRequest({
    url,
    method: 'POST',
    headers: request.headers,
    body: request.body,
    // Issue 31: the buyer's own time-out (longer than its usual latency) wins; the lease is renewed meanwhile.
    timeoutMs: request.timeoutMs ?? context.timeoutMs,
    maxAnswerBytes: BUYER_ANSWER_MAX_BYTES,
  });
  const latencyMs = performance.now() - clock;
  // Issue 31: a failure after which the buyer may have the lead is not retried for a buyer that does not
  // dedupe: the job waits for an operator (outcome_unknown).
  const sellsTwice = resendMaySellTwice(buyer.dedupe);
  if (!result.ok) {
    const failure = result.failure.kind === 'timeout' ? 'timeout' : 'network';
    const code = result.failure.kind === 'network' ? result.failure.code : undefined;
    const message = describeVendorFailure(result.failure) + (code ? ` ${code}` : '');
    return attemptResult(
      context,
      job,
      startedAt,
      { kind: 'failed', failure, message },
      { status: null, text: '', latencyMs },
      sellsTwice && mayHaveReachedBuyer(failure, code),
    );
  }
  const outcome = readBuyerAnswer(request.answer, result.answer);
  const unknown = sellsTwice && outcome.kind === 'failed' && mayHaveReachedBuyer(outcome.failure, undefined);
  return attemptResult(
    context,
    job,
    startedAt,
    outcome,
    { status: result.answer.status, text: result.answer.text, latencyMs },
    unknown,
  );
}
