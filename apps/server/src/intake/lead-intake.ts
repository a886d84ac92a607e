/**
 * The intake of one lead body (POST /post-lead, POST /api/ingest, and a replay from the quarantine):
 * parse with the shared schema, recompute everything on the server (http/server-lead.ts), then store
 * the lead and route it in one transaction, so its delivery jobs exist exactly when it does
 * (architecture principle 3). A body that fails validation is kept in the quarantine by the routes.
 *
 * Issue 9: a post answers a repeat of a stored id 200 at once (retries never count against a limit), and
 * a new lead past the per-contact daily limit 429 with Retry-After (http/contact-limits.ts; the per-IP
 * limit is the route's). A stored lead the server's own content filter matched goes to the bad-words
 * webhook, once (§7, http/bad-words-forward.ts).
 */
import {
  leadAsPosted,
  LeadSubmissionSchema,
  type Lead,
  type LeadSubmission,
  type LeadVerdict,
  type PostLeadAnswer,
} from '@app/funnel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auction } from '../auction/auction-store';
import { storeIngestedLead } from '../db/ingested-lead-store';
import { readLeadChecks, type LeadCheckReads } from '../db/lead-check-reads';
import { storedVerdictOf, storeLeadWithChecks } from '../db/lead-store';
import { quarantineBody } from '../db/quarantine-store';
import { recordValidations } from '../db/validation-store';
import { routeLead, type RoutingResult } from '../delivery/route-lead';
import { routingReasonLabel } from '../metrics/metrics';
import { forwardBadWords } from '../http/bad-words-forward';
import { contactLimitWait, tooManyLeads } from '../http/contact-limits';
import { parseWithProblems, sendInvalidBody, type FieldProblem } from '../http/parse-body';
import { assignmentOf, leadCheckKeys, originOf, serverLead, type LeadOrigin } from '../http/server-lead';
import type { Services } from '../services';

/** The two endpoints a lead is posted to: our leads (§7) and the default lead-ingest service (§4). */
export const INTAKE_ENDPOINTS = ['/post-lead', '/api/ingest'] as const;
export type IntakeEndpoint = (typeof INTAKE_ENDPOINTS)[number];

export function isIntakeEndpoint(value: string): value is IntakeEndpoint {
  return INTAKE_ENDPOINTS.some((endpoint) => endpoint === value);
}

type StoredResult = {
  kind: 'stored';
  id: string;
  created: boolean;
  /** The server's verdict, as stored the first time for a repeat (issue 10: the thank-you URL uses it). */
  verdict: LeadVerdict;
};
export type IntakeResult = { kind: 'invalid'; fields: FieldProblem[] } | StoredResult;

/** The server's verdict on a lead, as the browser's thank-you URL needs it (issue 10). */
export function verdictOf(lead: Lead): LeadVerdict {
  return {
    is_disqualified: lead.is_disqualified,
    dq_reason: lead.dq_reason,
    lead_is_qualified: lead.lead_is_qualified,
  };
}

/** A body from anywhere (a post, an operator's replay): parsed, read by the server, stored and routed. */
export async function intakeLead(
  services: Services,
  endpoint: IntakeEndpoint,
  body: unknown,
  origin: LeadOrigin,
): Promise<IntakeResult> {
  const parsed = parseWithProblems(LeadSubmissionSchema, body);
  if (!parsed.ok) return { kind: 'invalid', fields: parsed.fields };
  return storeSubmission(services, endpoint, parsed.data, origin);
}

async function storeSubmission(
  services: Services,
  endpoint: IntakeEndpoint,
  submission: LeadSubmission,
  origin: LeadOrigin,
  reads?: LeadCheckReads,
): Promise<StoredResult> {
  const assignment = await assignmentOf(services, submission, origin);
  const { lead, checks } = await serverLead(
    services,
    submission,
    origin,
    endpoint === '/post-lead' ? 'post-lead' : 'ingest',
    assignment,
    reads,
  );
  const { delivery } = services;
  const buyers = await delivery.buyers.all();
  const now = services.now();
  let routing: RoutingResult | undefined;
  // Issue 32: a lead that goes to auction is pinged by this process right after its commit (auction-runner.ts).
  const slot = endpoint === '/post-lead' ? delivery.reserveAuction() : null;
  let claimed: Auction | null = null;
  let stored: { id: string; created: boolean };
  try {
    stored = await services.db.transaction().execute(async (trx) => {
      const source = endpoint === '/post-lead' ? 'lead' : 'ingest';
      // Issue 15: the fresh check results with the lead (on PostgreSQL in the lead's own insert statement).
      if (source === 'ingest') await recordValidations(trx, checks);
      const result =
        source === 'lead'
          ? await storeLeadWithChecks(trx, checks, submission, lead, assignment)
          : await storeIngestedLead(trx, {
              id: submission.lead_id,
              source: lead.variant,
              body: leadAsPosted(lead),
              receivedAt: new Date(lead.received_at),
            });
      if (result.created) {
        routing = await routeLead(trx, {
          leadId: result.id,
          source,
          lead,
          buyers,
          settings: delivery.routing,
          queue: delivery.queue,
          keys: services.keys,
          now,
          auctionClaim: slot?.claim,
        });
      }
      return result;
    });
    // Committed: the auction written claimed by the slot is this process's to run.
    claimed = routing?.claimedAuction ?? null;
  } finally {
    if (slot && claimed) slot.run(claimed, lead);
    else slot?.release();
  }
  if (stored.created) {
    // Work for the claim loops only when it was not handed over: jobs queued, or an auction no slot took.
    if (routing && (routing.jobs.length > 0 || (routing.auction && !claimed))) delivery.nudge();
    services.metrics.leadsStored.inc({ source: endpoint === '/post-lead' ? 'lead' : 'ingest' });
    if (routing) {
      services.metrics.leadsRouted.inc({
        source: endpoint === '/post-lead' ? 'lead' : 'ingest',
        outcome: routing.outcome,
        reason: routingReasonLabel(routing.reason),
      });
    }
  }
  if (stored.created && lead.bad_words === 'yes') await forwardBadWords(services, stored.id, origin.log);
  const verdict = stored.created
    ? verdictOf(lead)
    : ((await storedVerdictOf(services.db, endpoint === '/post-lead' ? 'leads' : 'ingested_leads', stored.id)) ??
      verdictOf(lead));
  return { kind: 'stored', id: stored.id, created: stored.created, verdict };
}

function answerOf(id: string, verdict: LeadVerdict): PostLeadAnswer {
  return { id, verdict };
}

/**
 * A posted lead: 201 new, 200 a repeat of a stored id, 400 naming every bad field (the body quarantined),
 * 429 with Retry-After past the per-contact daily limit (the page keeps the lead and retries then).
 */
export async function answerLeadPost(
  services: Services,
  endpoint: IntakeEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const origin = originOf(request);
  const parsed = parseWithProblems(LeadSubmissionSchema, request.body);
  if (!parsed.ok) {
    await quarantineBody(services.db, {
      endpoint,
      body: request.body,
      errors: parsed.fields,
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
      secGpc: origin.secGpc,
      receivedAt: services.now(),
    });
    return sendInvalidBody(reply, parsed.fields);
  }
  const submission = parsed.data;
  // Issue 15: the repeat check and the lead's check reads in one statement (db/lead-check-reads.ts).
  const reads = await readLeadChecks(services.db, leadCheckKeys(services, submission, origin));
  const repeat =
    endpoint === '/post-lead' ? reads.stored : await storedVerdictOf(services.db, 'ingested_leads', submission.lead_id);
  if (repeat) return reply.code(200).send(answerOf(submission.lead_id, repeat));
  const waitMs = await contactLimitWait(services, submission);
  if (waitMs !== null) return tooManyLeads(reply, waitMs);
  const result = await storeSubmission(services, endpoint, submission, origin, reads);
  return reply.code(result.created ? 201 : 200).send(answerOf(result.id, result.verdict));
}
