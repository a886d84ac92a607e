/**
 * Replays a quarantined body (issue 14): the body as kept, or as an operator fixed it, goes through the
 * same intake as a fresh post (lead-intake.ts), with the IP, user agent and arrival time it first came
 * with. Stored: the quarantine entry is closed with the lead's id. Still invalid: it stays open with
 * the new errors.
 */
import { getQuarantined, resolveQuarantined, updateQuarantineErrors } from '../db/quarantine-store';
import type { FieldProblem } from '../http/parse-body';
import type { Services } from '../services';
import { intakeLead, isIntakeEndpoint } from './lead-intake';

export type ReplayResult =
  | { kind: 'stored'; leadId: string; created: boolean }
  | { kind: 'invalid'; fields: FieldProblem[] }
  | { kind: 'not_found' }
  | { kind: 'closed'; status: string };

export async function replayQuarantined(
  services: Services,
  id: string,
  options: { body?: unknown; log: { warn: (details: object, message: string) => void } },
): Promise<ReplayResult> {
  const entry = await getQuarantined(services.db, id);
  if (!entry || !isIntakeEndpoint(entry.endpoint)) return { kind: 'not_found' };
  if (entry.status !== 'open') return { kind: 'closed', status: entry.status };
  const result = await intakeLead(services, entry.endpoint, options.body === undefined ? entry.body : options.body, {
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
  await resolveQuarantined(services.db, id, { status: 'replayed', leadId: result.id, at: services.now() });
  return { kind: 'stored', leadId: result.id, created: result.created };
}

/** An operator decides a quarantined body is junk: closed, kept for the record. */
export async function discardQuarantined(services: Services, id: string): Promise<boolean> {
  const entry = await getQuarantined(services.db, id);
  if (!entry || entry.status !== 'open') return false;
  await resolveQuarantined(services.db, id, { status: 'discarded', at: services.now() });
  return true;
}
