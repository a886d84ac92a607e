/**
 * Replays a quarantined body (issue 14): the body as kept, or as an operator fixed it, goes through the
 * same intake as a fresh post (lead-intake.ts), with the IP, user agent and arrival time it first came
 * with. Stored: the quarantine entry is closed with the lead's id. Still invalid: it stays open with
 * the new errors.
 *
 * Issue 29, finding 2: the consent evidence (REPLAY_LOCKED_FIELDS) is never editable: an edit that changes
 * one is refused naming the field, and the body stays open. A stored replay is recorded twice in the
 * operators' audit, on the quarantine entry and on the new lead, with who replayed it and each field
 * changed (old and new value), so the lead's page says it was replayed.
 */
import { lockedChanges, REPLAY_LOCKED_MESSAGE, replayChanges, type ReplayChange } from '@app/funnel';
import { recordOperatorAction } from '../console/operator-audit';
import type { Operator } from '../console/operator-store';
import { getQuarantined, resolveQuarantined, updateQuarantineErrors } from '../db/quarantine-store';
import type { FieldProblem } from '../http/parse-body';
import type { Services } from '../services';
import { intakeLead, isIntakeEndpoint } from './lead-intake';

/** The audit action on the lead a replay stored (its page shows it, console/lead-detail.ts). */
export const REPLAYED_LEAD_ACTION = 'replayed_into_lead';

export type ReplayResult =
  | { kind: 'stored'; leadId: string; created: boolean; changes: ReplayChange[] }
  | { kind: 'invalid'; fields: FieldProblem[] }
  /** The edit changes consent evidence: refused, nothing stored, the body stays as it was. */
  | { kind: 'locked'; fields: FieldProblem[] }
  | { kind: 'not_found' }
  | { kind: 'closed'; status: string };

export async function replayQuarantined(
  services: Services,
  id: string,
  options: {
    body?: unknown;
    by: Pick<Operator, 'id' | 'email'>;
    log: { warn: (details: object, message: string) => void };
  },
): Promise<ReplayResult> {
  const entry = await getQuarantined(services.db, id);
  if (!entry || !isIntakeEndpoint(entry.endpoint)) return { kind: 'not_found' };
  if (entry.status !== 'open') return { kind: 'closed', status: entry.status };
  const body = options.body === undefined ? entry.body : options.body;
  const changes = replayChanges(entry.body, body);
  const locked = lockedChanges(changes);
  if (locked.length > 0) {
    return {
      kind: 'locked',
      fields: locked.map(({ field }) => ({ field, message: `${field} ${REPLAY_LOCKED_MESSAGE}` })),
    };
  }
  const result = await intakeLead(services, entry.endpoint, body, {
    ip: entry.ipAddress,
    userAgent: entry.userAgent,
    secGpc: entry.secGpc,
    receivedAt: new Date(entry.receivedAt),
    log: options.log,
  });
  if (result.kind === 'invalid') {
    await updateQuarantineErrors(services.db, id, result.fields);
    return result;
  }
  const at = services.now();
  await resolveQuarantined(services.db, id, { status: 'replayed', leadId: result.id, at });
  await recordOperatorAction(services.db, {
    operator: options.by,
    action: 'replay_quarantined',
    target: id,
    details: { lead: result.id, changes },
    at,
  });
  // The lead's own page shows the replay only when the replay made it: a body carrying the id of a lead
  // already stored stores nothing, and must not write a trail onto that lead (issue 29 review).
  if (result.created) {
    await recordOperatorAction(services.db, {
      operator: options.by,
      action: REPLAYED_LEAD_ACTION,
      target: result.id,
      details: { quarantine: id, endpoint: entry.endpoint, created: result.created, changes },
      at,
    });
  }
  return { kind: 'stored', leadId: result.id, created: result.created, changes };
}

/** An operator decides a quarantined body is junk: closed, kept for the record. */
export async function discardQuarantined(services: Services, id: string): Promise<boolean> {
  const entry = await getQuarantined(services.db, id);
  if (!entry || entry.status !== 'open') return false;
  await resolveQuarantined(services.db, id, { status: 'discarded', at: services.now() });
  return true;
}
