/**
 * Issue 31's "stream of posts": a few clients posting new leads back to back, each behaving like the page
 * (lead-outbox.ts): a lead answered 503 or not answered is posted again, by the same id, until it is taken.
 * Every answer's time is measured against the bound; a request with no answer within the bound and a
 * margin is counted as unanswered.
 */
import { randomUUID } from 'node:crypto';
import { leadBody } from '../lead-body';

export interface StreamCounts {
  /** Distinct leads posted. */
  posted: number;
  /** Leads answered 2xx (each once, however many posts it took). */
  accepted: number;
  requests: number;
  /** 503 answers, and those among them without Retry-After. */
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  /** Answers other than 2xx and 503 (a 500 would be here). */
  otherStatuses: Record<string, number>;
  /** Requests that got no HTTP answer within the bound and the margin, or lost their connection. */
  unanswered: number;
  /** Why each unanswered request failed (the error and its cause). */
  unansweredErrors: string[];
  /** Requests whose connection was refused (no server listening: nothing was sent). */
  refused: number;
  /** The slowest answer, in ms. */
  slowestMs: number;
}

export interface LeadStream {
  counts: StreamCounts;
  /** Ids of the leads answered 2xx. */
  acceptedIds: Set<string>;
  /** Stops posting new leads; resolves once every lead posted is taken (retried until it is) or `giveUpMs`. */
  finish(giveUpMs?: number): Promise<StreamCounts>;
}

export function startLeadStream(
  url: () => string,
  options: {
    clients: number;
    boundMs: number;
    body?: (id: string) => Record<string, unknown>;
    /** While true, no new lead is posted (a load balancer that took the instance out of rotation). */
    paused?: () => boolean;
  },
): LeadStream {
  const counts: StreamCounts = {
    posted: 0,
    accepted: 0,
    requests: 0,
    unavailable: 0,
    unavailableWithoutRetryAfter: 0,
    otherStatuses: {},
    unanswered: 0,
    unansweredErrors: [],
    refused: 0,
    slowestMs: 0,
  };
  const acceptedIds = new Set<string>();
  let posting = true;
  let deadline = Number.POSITIVE_INFINITY;

  const post = async (body: Record<string, unknown>): Promise<boolean> => {
    counts.requests++;
    const started = performance.now();
    try {
      const res = await fetch(`${url()}/post-lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.boundMs + 2_000),
      });
      await res.arrayBuffer();
      counts.slowestMs = Math.max(counts.slowestMs, Math.round(performance.now() - started));
      if (res.status >= 200 && res.status < 300) return true;
      if (res.status === 503) {
        counts.unavailable++;
        if (!res.headers.get('retry-after')) counts.unavailableWithoutRetryAfter++;
      } else {
        counts.otherStatuses[res.status] = (counts.otherStatuses[res.status] ?? 0) + 1;
      }
    } catch (error) {
      const code = error instanceof Error && error.cause instanceof Error ? Object(error.cause).code : undefined;
      if (code === 'ECONNREFUSED') counts.refused++;
      else {
        counts.unanswered++;
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
        counts.unansweredErrors.push(
          `${error instanceof Error ? error.message : String(error)} (${cause} ${code ?? ''})`,
        );
      }
    }
    return false;
  };

  let serial = 0;
  const client = async () => {
    while (posting) {
      if (options.paused?.()) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const id = randomUUID();
      // A contact of its own: buyers refuse a contact they already have.
      const phone = `(512) 555-${String(1000 + (serial++ % 9000))}`;
      const body = options.body?.(id) ?? leadBody({ lead_id: id, email: `${id}@example.com`, phone });
      counts.posted++;
      // Like the page's outbox: the same lead again until it is taken (quickly here, to keep the test short).
      while (!(await post(body))) {
        if (Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      acceptedIds.add(id);
      counts.accepted++;
    }
  };
  const running = Promise.all(Array.from({ length: options.clients }, () => client()));

  return {
    counts,
    acceptedIds,
    async finish(giveUpMs = 20_000) {
      posting = false;
      deadline = Date.now() + giveUpMs;
      await running;
      return counts;
    },
  };
}
