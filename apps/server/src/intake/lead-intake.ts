/**
 * The intake of one lead body (POST /post-lead, POST /api/ingest, and a replay from the quarantine):
 * parse with the shared schema, recompute everything on the server (http/server-lead.ts), then store
 * the lead and route it in one transaction, so its delivery jobs exist exactly when it does
 * (architecture principle 3). A body that fails validation is kept in the quarantine by the routes.
 */
import { LeadSubmissionSchema } from '@app/funnel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { storeIngestedLead } from '../db/ingested-lead-store';
import { storeLead } from '../db/lead-store';
import { quarantineBody } from '../db/quarantine-store';
import { routeLead } from '../delivery/route-lead';
import { parseWithProblems, sendInvalidBody, type FieldProblem } from '../http/parse-body';
import { originOf, serverLead, type LeadOrigin } from '../http/server-lead';
import type { Services } from '../services';

/** The two endpoints a lead is posted to: our leads (§7) and the default lead-ingest service (§4). */
export const INTAKE_ENDPOINTS = ['/post-lead', '/api/ingest'] as const;
export type IntakeEndpoint = (typeof INTAKE_ENDPOINTS)[number];

export function isIntakeEndpoint(value: string): value is IntakeEndpoint {
  return INTAKE_ENDPOINTS.some((endpoint) => endpoint === value);
}

export type IntakeResult =
  { kind: 'invalid'; fields: FieldProblem[] } | { kind: 'stored'; id: string; created: boolean };

export async function intakeLead(
  services: Services,
  endpoint: IntakeEndpoint,
  body: unknown,
  origin: LeadOrigin,
): Promise<IntakeResult> {
  const parsed = parseWithProblems(LeadSubmissionSchema, body);
  if (!parsed.ok) return { kind: 'invalid', fields: parsed.fields };
  const submission = parsed.data;
  const lead = await serverLead(services, submission, origin, endpoint === '/post-lead' ? 'post-lead' : 'ingest');
  const { delivery } = services;
  const buyers = await delivery.buyers.all();
  const now = services.now();
  const stored = await services.db.transaction().execute(async (trx) => {
    const source = endpoint === '/post-lead' ? 'lead' : 'ingest';
    const result =
      source === 'lead'
        ? await storeLead(trx, submission, lead)
        : await storeIngestedLead(trx, {
            id: submission.lead_id,
            source: lead.variant,
            body: lead,
            receivedAt: new Date(lead.received_at),
          });
    if (result.created) {
      await routeLead(trx, {
        leadId: result.id,
        source,
        lead,
        buyers,
        settings: delivery.routing,
        queue: delivery.queue,
        now,
      });
    }
    return result;
  });
  if (stored.created) delivery.nudge();
  return { kind: 'stored', id: stored.id, created: stored.created };
}

/** A posted lead: 201 new, 200 a repeat of a stored id, 400 naming every bad field (the body quarantined). */
export async function answerLeadPost(
  services: Services,
  endpoint: IntakeEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const origin = originOf(request);
  const result = await intakeLead(services, endpoint, request.body, origin);
  if (result.kind === 'stored') return reply.code(result.created ? 201 : 200).send({ id: result.id });
  await quarantineBody(services.db, {
    endpoint,
    body: request.body,
    errors: result.fields,
    ipAddress: origin.ip,
    userAgent: origin.userAgent,
    secGpc: origin.secGpc,
    receivedAt: services.now(),
  });
  return sendInvalidBody(reply, result.fields);
}
