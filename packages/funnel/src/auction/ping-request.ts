/**
 * A ping-post buyer's ping (issue 32 "Ping", "Adapters"): which API it speaks, and for each the request that
 * offers the anonymized lead and the reading of its answer. Pure: the server resolves secrets, sends the
 * request through its one outgoing path (providers/vendor-request.ts) within the buyer's deadline, and
 * records the verdict.
 */
import { z } from 'zod';
import type { BuyerAnswer } from '../delivery/buyer-answer';
import type { SecretResolver } from '../delivery/delivery-request';
import { buildJsonPing, JsonPingSchema, readJsonPing } from './json-ping';
import type { PingVerdict } from './ping-answer';
import type { PingLead } from './ping-lead';

export const PingTargetSchema = z.discriminatedUnion('kind', [JsonPingSchema]);
export type PingTarget = z.infer<typeof PingTargetSchema>;

export interface PingBuildInput {
  lead: PingLead;
  /** Our id of this auction (the lead's id and the round), sent so a buyer can tie its bid to the post. */
  auctionId: string;
  secret: SecretResolver;
}

export interface PingRequest {
  /** Absolute, or a path on this server (the development fake buyers). */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The buyer's deadline: an answer after it is a decline (timeout). */
  deadlineMs: number;
}

export type PingRequestResult = { ok: true; request: PingRequest } | { ok: false; problem: string };

export function buildPingRequest(target: PingTarget, input: PingBuildInput): PingRequestResult {
  switch (target.kind) {
    case 'json':
      return buildJsonPing(target, input);
  }
}

export function readPingAnswer(target: PingTarget, answer: BuyerAnswer): PingVerdict {
  switch (target.kind) {
    case 'json':
      return readJsonPing(target, answer);
  }
}
