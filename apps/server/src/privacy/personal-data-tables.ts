/**
 * Issue 29, finding 4: every table of the database, in one place, with the personal data it holds and how
 * a deletion request (console/process-privacy-request.ts) and the retention job (jobs/retention.ts) remove
 * it. Both run `erasePersonalData` over this list and nothing else, so a table is covered by both or by
 * neither. The type names every table of db/schema.ts; test/personal-data-tables.test.ts reads the tables
 * of the migrated database (SQLite and PostgreSQL), fails on one missing here, and looks for a deleted
 * person's email, phone, IP and user agent in every column of every table after a deletion and after
 * retention. docs/security.md lists the same tables.
 */
import type { Kysely } from 'kysely';
import { anonymizeIngestedLeads, anonymizeLeadRows, objectOf } from '../db/anonymize-leads';
import type { Database } from '../db/schema';
import { deleteExpiredSmsCodes } from '../db/sms-code-store';
import { deleteExpiredSmsVerifications } from '../db/sms-verification-store';
import { deleteExpiredCounters } from '../db/usage-counter-store';

/** What to erase: everything older than the retention period, or one person's confirmed records. */
export type ErasureScope =
  | { kind: 'retention'; before: string; now: Date }
  | {
      kind: 'deletion';
      leadIds: readonly string[];
      ingestedIds: readonly string[];
      quarantineIds: readonly string[];
      /** Lookup keys (db/lookup-keys.ts) of the confirmed leads' emails and phones. */
      contactKeys: readonly string[];
      now: Date;
    };

type Erase = (db: Kysely<Database>, scope: ErasureScope) => Promise<number>;

export type PersonalDataEntry =
  | {
      /** The columns holding personal data (JSON columns included). */
      columns: readonly string[];
      erase: Erase;
      /** What is erased, in words (docs/security.md). */
      how: string;
      /** A deletion leaves the table as it is, and why (retention still erases it). */
      keptOnDeletion?: string;
    }
  | {
      columns: readonly string[];
      /** Kept on purpose, and why (the test allows a deleted person's data here only). */
      kept: string;
    }
  | { columns: readonly []; none: string };

const BLANK_QUARANTINE = { body: '{}', ip_address: '', user_agent: '', errors: '[]' } as const;

/** An audit row's details with the values of replayed fields ('old', 'new') blanked, the field names kept. */
export function auditDetailsWithoutValues(details: string): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === 'old' || key === 'new' ? '' : strip(inner)]),
    );
  };
  return JSON.stringify(strip(objectOf(details)));
}

const some = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['']);

export const PERSONAL_DATA_TABLES: { readonly [Table in keyof Database]: PersonalDataEntry } = {
  leads: {
    columns: [
      'email',
      'phone',
      'ip_address',
      'user_agent',
      'trusted_form_cert_id',
      'jornaya_leadid',
      'landing_page_url',
      'submission',
      'lead',
      'name_key',
    ],
    how: 'names, contact, address, birth date, description, IP, user agent, certificate ids and click ids blanked (db/anonymize-leads.ts); answers and verdict kept for reports',
    erase: (db, scope) =>
      anonymizeLeadRows(
        db,
        scope.kind === 'retention' ? { receivedBefore: scope.before } : { leadIds: scope.leadIds, ingestedIds: [] },
        scope.now,
      ),
  },
  ingested_leads: {
    columns: ['body'],
    how: 'the personal fields of the body blanked, as for leads',
    erase: (db, scope) =>
      anonymizeIngestedLeads(
        db,
        scope.kind === 'retention' ? { receivedBefore: scope.before } : { leadIds: [], ingestedIds: scope.ingestedIds },
        scope.now,
      ),
  },
  quarantined_bodies: {
    columns: ['body', 'ip_address', 'user_agent', 'errors'],
    how: 'body, IP, user agent and errors blanked and the entry closed (discarded), so it can never be replayed into a lead again',
    erase: async (db, scope) => {
      let query = db.updateTable('quarantined_bodies').set(BLANK_QUARANTINE).where('body', '!=', '{}');
      query =
        scope.kind === 'retention'
          ? query.where('received_at', '<', scope.before)
          : query.where((eb) =>
              eb.or([eb('id', 'in', some(scope.quarantineIds)), eb('lead_id', 'in', some(scope.leadIds))]),
            );
      const blanked = Number((await query.executeTakeFirst()).numUpdatedRows);
      await db
        .updateTable('quarantined_bodies')
        .set({ status: 'discarded', resolved_at: scope.now.toISOString() })
        .where('status', '=', 'open')
        .where('body', '=', '{}')
        .execute();
      return blanked;
    },
  },
  progress_snapshots: {
    columns: ['data'],
    how: "deleted: every save-data call of the lead's sessions (found by the step snapshots the lead claimed)",
    erase: async (db, scope) => {
      const query = db.deleteFrom('progress_snapshots');
      const done =
        scope.kind === 'retention'
          ? await query.where('received_at', '<', scope.before).executeTakeFirst()
          : await query
              .where(
                'session',
                'in',
                db.selectFrom('step_snapshots').select('session').where('lead_id', 'in', some(scope.leadIds)),
              )
              .executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  },
  validation_results: {
    columns: ['result'],
    how: "deleted: the vendors' answers about the confirmed leads' email and phone (by lookup key)",
    erase: async (db, scope) => {
      const query = db.deleteFrom('validation_results');
      const done =
        scope.kind === 'retention'
          ? await query.where('created_at', '<', scope.before).executeTakeFirst()
          : await query.where('key', 'in', some(scope.contactKeys)).executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  },
  operator_actions: {
    columns: ['details'],
    how: 'the old and new values of replayed fields blanked in the audit rows of the lead and its quarantine entry; who did what and when kept',
    erase: async (db, scope) => {
      let query = db.selectFrom('operator_actions').select(['id', 'details']).where('details', 'like', '%"old"%');
      query =
        scope.kind === 'retention'
          ? query.where('at', '<', scope.before)
          : query.where((eb) =>
              eb.or([
                eb('target', 'in', some([...scope.leadIds, ...scope.quarantineIds])),
                // The entry a confirmed lead was replayed from.
                eb(
                  'target',
                  'in',
                  eb.selectFrom('quarantined_bodies').select('id').where('lead_id', 'in', some(scope.leadIds)),
                ),
              ]),
            );
      let changed = 0;
      for (const row of await query.execute()) {
        const details = auditDetailsWithoutValues(row.details);
        if (details === row.details) continue;
        await db.updateTable('operator_actions').set({ details }).where('id', '=', row.id).execute();
        changed += 1;
      }
      return changed;
    },
  },
  delivery_jobs: {
    columns: ['last_answer', 'reason'],
    how: "the buyer's last answer blanked (it may echo the lead)",
    erase: async (db, scope) => {
      let query = db.updateTable('delivery_jobs').set({ last_answer: '' }).where('last_answer', '!=', '');
      query =
        scope.kind === 'retention'
          ? query.where('created_at', '<', scope.before)
          : query.where('lead_id', 'in', some([...scope.leadIds, ...scope.ingestedIds]));
      return Number((await query.executeTakeFirst()).numUpdatedRows);
    },
  },
  delivery_attempts: {
    columns: ['answer_excerpt', 'message'],
    how: "the excerpt of each buyer's answer and its message blanked",
    erase: async (db, scope) => {
      let query = db
        .updateTable('delivery_attempts')
        .set({ answer_excerpt: '', message: '' })
        .where((eb) => eb.or([eb('answer_excerpt', '!=', ''), eb('message', '!=', '')]));
      query =
        scope.kind === 'retention'
          ? query.where('started_at', '<', scope.before)
          : query.where(
              'job_id',
              'in',
              db
                .selectFrom('delivery_jobs')
                .select('id')
                .where('lead_id', 'in', some([...scope.leadIds, ...scope.ingestedIds])),
            );
      return Number((await query.executeTakeFirst()).numUpdatedRows);
    },
  },
  delivery_contact_claims: {
    columns: ['contact_key'],
    how: "deleted: the hashed contacts a buyer's duplicate window holds for the lead (the suppression list keeps the person from being sold again)",
    erase: async (db, scope) => {
      const query = db.deleteFrom('delivery_contact_claims');
      const done =
        scope.kind === 'retention'
          ? await query.where('claimed_at', '<', scope.before).executeTakeFirst()
          : await query.where('lead_id', 'in', some([...scope.leadIds, ...scope.ingestedIds])).executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  },
  opt_out_requests: {
    columns: ['form_data'],
    how: 'the form of a decided request blanked once older than the retention period',
    keptOnDeletion:
      'the request is the record of the deletion itself (who asked, what was deleted), kept for the retention period',
    erase: async (db, scope) => {
      if (scope.kind === 'deletion') return 0;
      const done = await db
        .updateTable('opt_out_requests')
        .set({ form_data: '{}' })
        .where('status', '!=', 'open')
        .where('status_changed_at', '<', scope.before)
        .where('form_data', '!=', '{}')
        .executeTakeFirst();
      return Number(done.numUpdatedRows);
    },
  },
  usage_counters: {
    columns: ['key'],
    how: 'deleted once expired (keys are lookup keys or addresses, kept for minutes to a day)',
    erase: (db, scope) => (scope.kind === 'retention' ? deleteExpiredCounters(db, scope.now) : Promise.resolve(0)),
  },
  sms_codes: {
    columns: ['phone_key'],
    how: 'deleted once expired (minutes)',
    erase: (db, scope) => (scope.kind === 'retention' ? deleteExpiredSmsCodes(db, scope.now) : Promise.resolve(0)),
  },
  sms_verifications: {
    columns: ['phone_key'],
    how: "deleted once expired; a deletion deletes the confirmed phone's",
    erase: async (db, scope) => {
      if (scope.kind === 'retention') return deleteExpiredSmsVerifications(db, scope.now);
      const done = await db
        .deleteFrom('sms_verifications')
        .where('phone_key', 'in', some(scope.contactKeys))
        .executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  },
  suppression_list: {
    columns: ['email', 'phone'],
    kept: 'a person who asked not to be sold must stay off every future sale (§3 opt-out); the entry is the email or phone only',
  },
  operators: {
    columns: ['email'],
    kept: "the console's own staff accounts, not visitors; disabled with `npm run operator -- disable`",
  },
  operator_sessions: { columns: [], none: "hashed session tokens of the console's staff" },
  lead_routing: { columns: [], none: 'which buyers a lead went to and why: buyer keys and reasons' },
  auctions: { columns: [], none: "a lead's auction: its state, round and reason" },
  auction_bids: {
    columns: [],
    none: 'bids and declines: a ping carries no personal data (auction/ping-lead.ts), so its answer cannot echo any',
  },
  buyer_cap_usage: { columns: [], none: 'counts per buyer and period' },
  buyers: { columns: [], none: "buyers' settings" },
  server_secrets: { columns: [], none: "the server's own keys" },
  consent_versions: { columns: [], none: 'the consent texts served' },
  step_snapshots: {
    columns: [],
    none: 'a random session id, the step, its time, the landing path (no query), variant and lead id',
  },
  experiments: { columns: [], none: "experiments' settings" },
  experiment_assignments: { columns: [], none: 'a random visitor id and its arm' },
};

export type ErasureReport = Partial<Record<keyof Database, number>>;

const tableNames = Object.keys(PERSONAL_DATA_TABLES).filter(
  (name): name is keyof Database => name in PERSONAL_DATA_TABLES,
);

/** Runs every table's erasure for the scope, in the list's order; answers how many rows each touched. */
export async function erasePersonalData(db: Kysely<Database>, scope: ErasureScope): Promise<ErasureReport> {
  const report: ErasureReport = {};
  for (const table of tableNames) {
    const entry = PERSONAL_DATA_TABLES[table];
    if ('erase' in entry) report[table] = await entry.erase(db, scope);
  }
  return report;
}
