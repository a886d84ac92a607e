/**
 * One lead as the console shows it (issue 16): every stored field, time on each step, the consent
 * evidence (the text shown, the server's version of it, certificates, IP and agent), the server's checks
 * and reasons, the routing decision, and every delivery attempt; plus what operators did to it.
 */
import { parseTimeOnSteps, ReplayChangeSchema } from '@app/funnel';
import { z } from 'zod';
import { REPLAYED_LEAD_ACTION } from '../intake/replay-quarantined';
import type { Kysely } from 'kysely';
import { attemptsForJob, jobsForLead } from '../delivery/delivery-jobs-store';
import { parseJson } from '../db/parse-json';
import type { Database } from '../db/schema';
import { leadAuction } from './lead-auction';
import { actionsOn } from './operator-audit';

const ReplayDetailsSchema = z.object({
  quarantine: z.string(),
  changes: z.array(ReplayChangeSchema),
});

export async function leadDetail(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const lead = parseJson(row.lead);
  const fields: Record<string, unknown> = typeof lead === 'object' && lead !== null ? { ...lead } : {};
  const version = row.consent_version
    ? await db.selectFrom('consent_versions').selectAll().where('id', '=', row.consent_version).executeTakeFirst()
    : undefined;
  const routing = await db.selectFrom('lead_routing').selectAll().where('lead_id', '=', id).executeTakeFirst();
  const jobs = await jobsForLead(db, id);
  const actions = (await actionsOn(db, id)).map((action) => ({ ...action, details: parseJson(action.details) }));
  const deliveries = [];
  for (const job of jobs) deliveries.push({ ...job, attempts: await attemptsForJob(db, job.id) });
  return {
    id: row.id,
    seq: Number(row.seq),
    received_at: row.received_at,
    anonymized_at: row.anonymized_at,
    lead: fields,
    submission: parseJson(row.submission),
    time_on_steps: parseTimeOnSteps(typeof fields.time_on_steps === 'string' ? fields.time_on_steps : ''),
    consent: {
      shown: row.tcpa,
      version: version ? { id: version.id, text: version.text, first_served_at: version.first_served_at } : null,
      mismatch: row.consent_mismatch,
      trusted_form_cert_id: row.trusted_form_cert_id,
      jornaya_leadid: row.jornaya_leadid,
      landing_page_url: row.landing_page_url,
      ip_address: row.ip_address,
      user_agent: row.user_agent,
      sec_gpc: row.sec_gpc,
    },
    checks: {
      phone: row.phone_check,
      email: row.email_check,
      submission_problems: row.submission_problems,
      claimed_variant: row.claimed_variant,
    },
    routing: routing ? { ...routing, buyers: parseJson(routing.buyers) } : null,
    deliveries,
    auction: await leadAuction(db, id),
    actions,
    replay: replayOf(actions),
  };
}

/** Issue 29: the replay that stored this lead, read back from its audit row (intake/replay-quarantined.ts). */
function replayOf(actions: { action: string; operator_email: string; at: string; details: unknown }[]) {
  const row = actions.find((action) => action.action === REPLAYED_LEAD_ACTION);
  const parsed = row && ReplayDetailsSchema.safeParse(row.details);
  if (!row || !parsed?.success) return null;
  return { quarantine_id: parsed.data.quarantine, by: row.operator_email, at: row.at, changes: parsed.data.changes };
}
