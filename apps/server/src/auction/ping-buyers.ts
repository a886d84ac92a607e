/**
 * The pings of one auction (issue 32 "Ping"): every eligible ping-post buyer at once, each within its own
 * deadline, through the one outgoing path (providers/vendor-request.ts). A late, unreachable, malformed or
 * refusing answer is a decline with its reason; nothing here throws.
 */
import {
  buildPingRequest,
  NOT_SENT_DEADLINE_CODE,
  readPingAnswer,
  type BuyerConfig,
  type PingLead,
  type PingTarget,
  type PingVerdict,
  type SecretResolver,
} from '@app/funnel';
import { vendorRequest } from '../providers/vendor-request';

/** A ping's answer is read up to this size: a price and an id fit many times over. */
export const PING_ANSWER_MAX_BYTES = 16 * 1024;

export interface PingContext {
  secret: SecretResolver;
  /** This server's own address, for ping URLs written as a path (the development fake buyers). */
  selfUrl: string | undefined;
  /** Production's last look at a host before a ping goes to it (buyer-target-host.ts). */
  targetProblem?: (url: URL) => Promise<string | undefined>;
  now: () => Date;
}

export interface PingResult {
  buyer: BuyerConfig;
  verdict: PingVerdict;
  latencyMs: number;
  httpStatus: number | null;
  answeredAt: Date;
}

async function pingOne(
  context: PingContext,
  buyer: BuyerConfig,
  ping: PingTarget,
  input: { lead: PingLead; auctionId: string },
): Promise<Omit<PingResult, 'buyer' | 'answeredAt'>> {
  const built = buildPingRequest(ping, { ...input, secret: context.secret });
  if (!built.ok)
    return { verdict: { kind: 'declined', reason: 'config', message: built.problem }, latencyMs: 0, httpStatus: null };
  const { request } = built;
  let url: URL;
  if (request.url.startsWith('/')) {
    if (context.selfUrl === undefined) {
      return {
        verdict: { kind: 'declined', reason: 'config', message: 'a path needs the server to listen' },
        latencyMs: 0,
        httpStatus: null,
      };
    }
    url = new URL(request.url, context.selfUrl);
  } else {
    url = new URL(request.url);
    const refused = await context.targetProblem?.(url);
    if (refused !== undefined) {
      return {
        verdict: { kind: 'declined', reason: 'config', message: `target refused: ${refused}` },
        latencyMs: 0,
        httpStatus: null,
      };
    }
  }
  const clock = performance.now();
  const result = await vendorRequest({
    url,
    method: 'POST',
    headers: request.headers,
    body: request.body,
    timeoutMs: request.deadlineMs,
    maxAnswerBytes: PING_ANSWER_MAX_BYTES,
  });
  const latencyMs = performance.now() - clock;
  if (!result.ok) {
    const code = result.failure.kind === 'network' ? (result.failure.code ?? '') : '';
    // A deadline that passed before the ping was even sent (connecting, TLS) is still the buyer's deadline.
    const reason = result.failure.kind === 'timeout' || code === NOT_SENT_DEADLINE_CODE ? 'timeout' : 'network';
    return { verdict: { kind: 'declined', reason, message: code }, latencyMs, httpStatus: null };
  }
  return { verdict: readPingAnswer(ping, result.answer), latencyMs, httpStatus: result.answer.status };
}

/** Pings every buyer given (each has `ping`) in parallel; one result per buyer, in the buyers' order. */
export async function pingBuyers(
  context: PingContext,
  buyers: readonly BuyerConfig[],
  input: { lead: PingLead; auctionId: string },
): Promise<PingResult[]> {
  return Promise.all(
    buyers.flatMap((buyer) =>
      buyer.ping === undefined
        ? []
        : [pingOne(context, buyer, buyer.ping, input).then((r) => ({ ...r, buyer, answeredAt: context.now() }))],
    ),
  );
}
