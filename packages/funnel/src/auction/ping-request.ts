/**
 * A ping-post buyer's ping (issue 32 "Ping", "Adapters"): which API it speaks, and for each the request that
 * offers the anonymized lead and the reading of its answer. Pure: the server resolves secrets, sends the
 * request through its one outgoing path (providers/vendor-request.ts) within the buyer's deadline, and
 * records the verdict.
 */
import { z } from 'zod';
import type { BuyerAnswer } from '../delivery/buyer-answer';
import type { SecretResolver } from '../delivery/delivery-request';
import { buildBoberdooPing, BoberdooPingSchema, readBoberdooPing } from './boberdoo-ping';
import { buildJsonPing, JsonPingSchema, readJsonPing } from './json-ping';
import { buildLeadProsperPing, LeadProsperPingSchema, readLeadProsperPing } from './lead-prosper-ping';
import type { PingVerdict } from './ping-answer';
import type { PingLead } from './ping-lead';

export const PingTargetSchema = z.discriminatedUnion('kind', [
  JsonPingSchema,
  LeadProsperPingSchema,
  BoberdooPingSchema,
]);
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
    case 'leadprosper':
      return buildLeadProsperPing(target, input);
    case 'boberdoo':
      return buildBoberdooPing(target, input);
  }
}

/**
 * The verdict of a ping's answer. Give it the answer's text as well as its JSON (vendorRequest's answer
 * as it is): a boberdoo buyer answers XML.
 */
export function readPingAnswer(target: PingTarget, answer: BuyerAnswer): PingVerdict {
  switch (target.kind) {
    case 'json':
      return readJsonPing(target, answer);
    case 'leadprosper':
      return readLeadProsperPing(target, answer);
    case 'boberdoo':
      return readBoberdooPing(target, answer);
  }
}
