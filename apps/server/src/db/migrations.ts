/**
 * One ordered list of migrations, run at start on SQLite and PostgreSQL alike
 * (docs/decisions/0002-database-access.md, 0007-postgresql-and-redis.md). Kept in code, not in files
 * found at run time, so the bundled server carries them. A migration that has run anywhere is never
 * edited: its SQLite output must stay byte-for-byte what existing database files already hold.
 *
 * Portability rules: text for timestamps (ISO 8601 UTC, which sorts as time) and JSON, integer for
 * flags, text primary keys made by the server. Where the SQL differs, the migration takes the dialect.
 */
import { CurrentSchemaIntrospector } from './current-schema-postgres-dialect';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type RawBuilder } from 'kysely';
import { nameSearchKey } from '@app/funnel';
import { objectOf } from './anonymize-leads';
import type { DbDialect } from './db-dialect';

/** Consent evidence columns of 0002 and the lead JSON field each is filled from. */
const CONSENT_COLUMNS = {
  tcpa: 'tcpa',
  landing_page_url: 'landing_page_url',
  ip_address: 'ip_address',
  user_agent: 'user_agent',
  trusted_form_cert_id: 'trusted_form_cert_id',
  jornaya_leadid: 'leadid_token',
  sec_gpc: 'sec_gpc',
} as const;

/** One top-level field of a JSON text column as text, '' when absent. */
function jsonText(dialect: DbDialect, column: string, field: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`coalesce(${sql.ref(column)}::jsonb ->> ${field}, '')`
    : sql<string>`coalesce(json_extract(${sql.ref(column)}, ${`$.${field}`}), '')`;
}

/** Every migration for a dialect, by name in order. */
export function migrationsFor(dialect: DbDialect): Record<string, Migration> {
  return {
    '0001-leads': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('leads')
          // SQLite: as first released. PostgreSQL has no AUTOINCREMENT keyword: an identity column instead.
          .addColumn('seq', 'integer', (c) =>
            dialect === 'postgres' ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('id', 'text', (c) => c.notNull().unique())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('zip_code', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('affid', 'text', (c) => c.notNull())
          .addColumn('oid', 'text', (c) => c.notNull())
          .addColumn('sub_id', 'text', (c) => c.notNull())
          .addColumn('lead_is_qualified', 'text', (c) => c.notNull())
          .addColumn('is_disqualified', 'integer', (c) => c.notNull())
          .addColumn('dq_reason', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('submission', 'text', (c) => c.notNull())
          .addColumn('lead', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('leads_received_at').on('leads').column('received_at').execute();
      },
    },

    '0002-lead-consent-evidence': {
      async up(db: Kysely<unknown>) {
        for (const column of Object.keys(CONSENT_COLUMNS)) {
          await db.schema
            .alterTable('leads')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`''`))
            .execute();
        }
        // Rows stored before this migration hold the same evidence in their lead JSON.
        const assignments = Object.entries(CONSENT_COLUMNS).map(
          ([column, field]) => sql`${sql.ref(column)} = ${jsonText(dialect, 'lead', field)}`,
        );
        await sql`update leads set ${sql.join(assignments)}`.execute(db);
      },
    },

    '0003-progress-snapshots': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('progress_snapshots')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('session', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('progress_snapshots_session')
          .on('progress_snapshots')
          .columns(['session', 'received_at'])
          .execute();
      },
    },

    '0004-opt-out-requests': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('opt_out_requests')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addColumn('due_at', 'text', (c) => c.notNull())
          .addColumn('request_types', 'text', (c) => c.notNull())
          .addColumn('form_data', 'text', (c) => c.notNull())
          .addColumn('sec_gpc', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
          .addColumn('status_changed_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('opt_out_requests_status_due')
          .on('opt_out_requests')
          .columns(['status', 'due_at'])
          .execute();
      },
    },

    '0005-suppression-list': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('suppression_list')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('email', 'text')
          .addColumn('phone', 'text')
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('added_at', 'text', (c) => c.notNull())
          .addCheckConstraint('suppression_list_has_contact', sql`email is not null or phone is not null`)
          .execute();
        await db.schema.createIndex('suppression_list_email').on('suppression_list').column('email').execute();
        await db.schema.createIndex('suppression_list_phone').on('suppression_list').column('phone').execute();
      },
    },

    '0006-validation-results': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('validation_results')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('blocked', 'integer', (c) => c.notNull())
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('validation_results_kind_key')
          .on('validation_results')
          .columns(['kind', 'key', 'created_at'])
          .execute();
      },
    },

    '0007-ingested-leads': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('ingested_leads')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('ingested_leads_received_at').on('ingested_leads').column('received_at').execute();
      },
    },

    '0008-lead-variant-reading': {
      async up(db: Kysely<unknown>) {
        // The server's variant is in `variant`; what the body claimed, and why the server could not judge
        // the lead under its landing path (codes joined with '|', '' when it could), beside it.
        for (const column of ['claimed_variant', 'submission_problems']) {
          await db.schema
            .alterTable('leads')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`''`))
            .execute();
        }
        // Before this migration the stored variant was the body's own.
        await sql`update leads set claimed_variant = variant`.execute(db);
      },
    },

    '0009-buyers': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('buyers')
          .addColumn('key', 'text', (c) => c.notNull().primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull())
          .addColumn('config', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
      },
    },

    '0010-delivery-jobs': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('delivery_jobs')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('lead_id', 'text', (c) => c.notNull())
          .addColumn('lead_source', 'text', (c) => c.notNull())
          .addColumn('buyer_key', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('next_attempt_at', 'text', (c) => c.notNull())
          .addColumn('deadline_at', 'text', (c) => c.notNull())
          .addColumn('lease_until', 'text')
          .addColumn('cap_day', 'text')
          .addColumn('cap_month', 'text')
          .addColumn('last_status', 'integer')
          .addColumn('last_answer', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('finished_at', 'text')
          .addUniqueConstraint('delivery_jobs_lead_buyer', ['lead_id', 'buyer_key'])
          .execute();
        await db.schema
          .createIndex('delivery_jobs_due')
          .on('delivery_jobs')
          .columns(['status', 'next_attempt_at'])
          .execute();
        await db.schema
          .createIndex('delivery_jobs_buyer')
          .on('delivery_jobs')
          .columns(['buyer_key', 'status', 'created_at'])
          .execute();

        await db.schema
          .createTable('delivery_attempts')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('job_id', 'text', (c) => c.notNull())
          .addColumn('attempt', 'integer', (c) => c.notNull())
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('latency_ms', 'integer', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('failure', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('http_status', 'integer')
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('answer_excerpt', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('worker', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .execute();
        await db.schema
          .createIndex('delivery_attempts_job')
          .on('delivery_attempts')
          .columns(['job_id', 'attempt'])
          .execute();

        await db.schema
          .createTable('lead_routing')
          .addColumn('lead_id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('lead_source', 'text', (c) => c.notNull())
          .addColumn('decided_at', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('buyers', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('lead_routing_decided')
          .on('lead_routing')
          .columns(['outcome', 'decided_at'])
          .execute();

        await db.schema
          .createTable('delivery_contact_claims')
          .addColumn('buyer_key', 'text', (c) => c.notNull())
          .addColumn('contact_key', 'text', (c) => c.notNull())
          .addColumn('lead_id', 'text', (c) => c.notNull())
          .addColumn('claimed_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('delivery_contact_claims_pk', ['buyer_key', 'contact_key'])
          .execute();
        await db.schema
          .createIndex('delivery_contact_claims_lead')
          .on('delivery_contact_claims')
          .columns(['lead_id', 'buyer_key'])
          .execute();

        await db.schema
          .createTable('buyer_cap_usage')
          .addColumn('buyer_key', 'text', (c) => c.notNull())
          .addColumn('period', 'text', (c) => c.notNull())
          .addColumn('used', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('buyer_cap_usage_pk', ['buyer_key', 'period'])
          .execute();
      },
    },

    '0011-quarantined-bodies': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('quarantined_bodies')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('endpoint', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('body_bytes', 'integer', (c) => c.notNull())
          .addColumn('truncated', 'integer', (c) => c.notNull())
          .addColumn('errors', 'text', (c) => c.notNull())
          .addColumn('ip_address', 'text', (c) => c.notNull())
          .addColumn('user_agent', 'text', (c) => c.notNull())
          .addColumn('sec_gpc', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('resolved_at', 'text')
          .addColumn('lead_id', 'text')
          .execute();
        await db.schema
          .createIndex('quarantined_bodies_status')
          .on('quarantined_bodies')
          .columns(['status', 'received_at'])
          .execute();
      },
    },

    // Issue 9: limits every server instance shares (docs/decisions/0011-shared-limits-in-the-database.md).
    '0012-usage-counters-and-sms-codes': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('usage_counters')
          .addColumn('key', 'text', (c) => c.notNull().primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('usage_counters_expires_at').on('usage_counters').column('expires_at').execute();
        await db.schema
          .createTable('sms_codes')
          .addColumn('phone_key', 'text', (c) => c.notNull().primaryKey())
          .addColumn('salt', 'text', (c) => c.notNull())
          .addColumn('hash', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('wrong_attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },

    // Issue 9: keyed lookups, the server's own checks and consent version on each lead, retention.
    '0013-keyed-lookups-lead-checks-consent-versions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('server_secrets')
          .addColumn('name', 'text', (c) => c.notNull().primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // Keys made by an unkeyed SHA-256 are reversible (every US phone number can be tried) and cannot be
        // re-keyed without the inputs: the cached results go; the next check of each input records anew.
        await sql`delete from validation_results`.execute(db);
        for (const column of ['phone_check', 'email_check', 'consent_version', 'consent_mismatch']) {
          await db.schema
            .alterTable('leads')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`''`))
            .execute();
        }
        for (const table of ['leads', 'ingested_leads']) {
          for (const column of ['bad_words_forwarded_at', 'anonymized_at']) {
            await db.schema.alterTable(table).addColumn(column, 'text').execute();
          }
        }
        await db.schema
          .createTable('consent_versions')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('revision', 'integer', (c) => c.notNull())
          .addColumn('brand', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('buyers', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('first_served_at', 'text', (c) => c.notNull())
          .execute();
      },
    },

    // Issue 16: operator accounts and sessions for the console, an audit of what operators do, and the
    // indexes the console's lead search and filters need.
    '0014-console-operators': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('operators')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('disabled_at', 'text')
          .addColumn('last_sign_in_at', 'text')
          .execute();
        await db.schema
          .createTable('operator_sessions')
          // SHA-256 of the cookie's token: a stolen copy of the table opens no session.
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('operator_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('last_seen_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('operator_sessions_operator')
          .on('operator_sessions')
          .column('operator_id')
          .execute();
        await db.schema
          .createTable('operator_actions')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('operator_id', 'text', (c) => c.notNull())
          .addColumn('operator_email', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('details', 'text', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('operator_actions_at').on('operator_actions').column('at').execute();
        await db.schema
          .alterTable('opt_out_requests')
          .addColumn('processed_by', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .execute();
        for (const column of ['email', 'phone']) {
          await db.schema.createIndex(`leads_${column}`).on('leads').column(column).execute();
        }
        await db.schema.createIndex('leads_variant_seq').on('leads').columns(['variant', 'seq']).execute();
      },
    },

    // Issue 13: the SMS checks the server approved (§4 phone verification), by the phone's lookup key, so the
    // lead it then receives gets sms_verified from the server, never from its body.
    '0017-sms-verifications': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('sms_verifications')
          .addColumn('phone_key', 'text', (c) => c.notNull().primaryKey())
          .addColumn('verified_at', 'text', (c) => c.notNull())
          .execute();
      },
    },

    // Issue 16: the survey's step snapshots as one row per session and step (funnel analytics), experiments
    // with their visitors' assignments, and the arm on each lead (docs/decisions/0021-experiments-and-funnel-statistics.md).
    '0021-step-snapshots-and-experiments': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('step_snapshots')
          .addColumn('session', 'text', (c) => c.notNull())
          .addColumn('step_id', 'text', (c) => c.notNull())
          .addColumn('step_number', 'integer', (c) => c.notNull())
          .addColumn('ms_on_step', 'integer', (c) => c.notNull())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('brand', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('landing_path', 'text', (c) => c.notNull())
          .addColumn('experiment_id', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('arm', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('lead_id', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('received_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('step_snapshots_pk', ['session', 'step_id'])
          .execute();
        await db.schema
          .createIndex('step_snapshots_variant')
          .on('step_snapshots')
          .columns(['variant', 'received_at'])
          .execute();
        await db.schema
          .createIndex('step_snapshots_arm')
          .on('step_snapshots')
          .columns(['experiment_id', 'arm'])
          .execute();
        await db.schema
          .createTable('experiments')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('config', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('experiment_assignments')
          .addColumn('experiment_id', 'text', (c) => c.notNull())
          .addColumn('visitor_id', 'text', (c) => c.notNull())
          .addColumn('arm', 'text', (c) => c.notNull())
          .addColumn('assigned_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('experiment_assignments_pk', ['experiment_id', 'visitor_id'])
          .execute();
        await db.schema
          .createIndex('experiment_assignments_arm')
          .on('experiment_assignments')
          .columns(['experiment_id', 'arm'])
          .execute();
        for (const column of ['experiment_id', 'arm']) {
          await db.schema
            .alterTable('leads')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`''`))
            .execute();
        }
        await db.schema.createIndex('leads_experiment_arm').on('leads').columns(['experiment_id', 'arm']).execute();
      },
    },

    // Issue 32: the ping-post auction (auction/, docs/decisions/0031-ping-post-auction.md).
    '0022-auctions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('auctions')
          .addColumn('lead_id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('lead_source', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('wanted', 'integer', (c) => c.notNull())
          .addColumn('lease_until', 'text')
          .addColumn('worker', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('decided_at', 'text')
          .addColumn('reason', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .execute();
        await db.schema.createIndex('auctions_due').on('auctions').columns(['status', 'created_at']).execute();
        await db.schema
          .createTable('auction_bids')
          .addColumn('id', 'text', (c) => c.notNull().primaryKey())
          .addColumn('lead_id', 'text', (c) => c.notNull())
          .addColumn('round', 'integer', (c) => c.notNull())
          .addColumn('buyer_key', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('decline', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('bid_ref', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('expires_at', 'text')
          .addColumn('latency_ms', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('http_status', 'integer')
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('job_id', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('auction_bids_lead').on('auction_bids').columns(['lead_id', 'round']).execute();
        await db.schema
          .createIndex('auction_bids_buyer')
          .on('auction_bids')
          .columns(['buyer_key', 'created_at'])
          .execute();
        for (const column of ['bid_id', 'bid_ref']) {
          await db.schema
            .alterTable('delivery_jobs')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`''`))
            .execute();
        }
      },
    },

    // Issue 29: the console's name search folds accents ("jose nunez" finds José Núñez): each lead's name,
    // folded, in a column of its own, filled here for the leads already stored (anonymized ones stay '').
    '0023-lead-name-key': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('leads')
          .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(sql`''`))
          .execute();
        await fillNameKeys(db);
      },
    },
  };
}

/** Migration 0023: the name key of every stored, not anonymized lead, a page of leads at a time. */
async function fillNameKeys(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; lead: string }>`
      select id, lead from leads where id > ${after} and anonymized_at is null order by id limit 500`.execute(db);
    for (const row of rows) {
      const lead = objectOf(row.lead);
      const name = (field: string) => (typeof lead[field] === 'string' ? lead[field] : '');
      const key = nameSearchKey(name('first_name'), name('last_name'));
      if (key.trim() !== '') await sql`update leads set name_key = ${key} where id = ${row.id}`.execute(db);
    }
    const last = rows.at(-1);
    if (last === undefined) return;
    after = last.id;
  }
}

/** Names of every migration, in order (tests check a database ends with all of them applied). */
export const MIGRATION_NAMES = Object.keys(migrationsFor('sqlite'));

/**
 * Brings the database to the latest schema. Safe when several servers start at once on one PostgreSQL:
 * Kysely's Migrator holds a PostgreSQL advisory lock and runs the pending migrations in one transaction,
 * so the second server waits, then finds nothing to do. On SQLite the caller holds the file's write lock
 * around it (open-sqlite-database.ts). Issue 30: a database a newer release migrated is refused first,
 * saying what to do, instead of Kysely's "corrupted migrations".
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, dialect: DbDialect): Promise<string[]> {
  if (dialect === 'postgres' && !(db.introspection instanceof CurrentSchemaIntrospector)) {
    throw new Error('migrateToLatest on PostgreSQL needs a Kysely opened with CurrentSchemaPostgresDialect');
  }
  await refuseNewerSchema(db, dialect);
  // Nothing pending (every start after the first): no migrator, whose catalogue scan is the slow part.
  if ((await migrationStatus(db, dialect)).pending.length === 0) return [];
  const schema = await tableSchema(db, dialect);
  // The migrator reads the catalogue of the search_path's schema only (current-schema-postgres-dialect.ts):
  // Kysely's own introspector read every schema's, and failed when another schema was dropped meanwhile.
  const outcome = await migratorFor(db, dialect, schema).migrateToLatest();
  const { error, results } = outcome;
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const which = failed ? `migration ${failed.migrationName}` : 'migrations';
    throw new Error(`Database ${which} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function migratorFor<DB>(db: Kysely<DB>, dialect: DbDialect, schema: string | undefined): Migrator {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrationsFor(dialect)) };
  return new Migrator({
    db,
    provider,
    // Kysely looks for its bookkeeping tables in every schema of a PostgreSQL database; pinning them to the
    // schema we migrate keeps two schemas (two environments, or parallel tests) from seeing each other's.
    ...(schema !== undefined ? { migrationTableSchema: schema } : {}),
  });
}

const tableSchema = async <DB>(db: Kysely<DB>, dialect: DbDialect) =>
  dialect === 'postgres' ? await currentSchema(db) : undefined;

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Applied by a newer release: this build must not run on the database. */
  unknown: string[];
}

/** What `migrate status` shows: the migrations applied, those this build would apply, and any it does not know. */
export async function migrationStatus<DB>(db: Kysely<DB>, dialect: DbDialect): Promise<MigrationStatus> {
  const applied = await appliedMigrations(db, dialect);
  return {
    applied,
    pending: MIGRATION_NAMES.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !MIGRATION_NAMES.includes(name)),
  };
}

/** The names in Kysely's migration table, oldest first; none when it does not exist yet (a new database). */
async function appliedMigrations<DB>(db: Kysely<DB>, dialect: DbDialect): Promise<string[]> {
  const schema = await tableSchema(db, dialect);
  // to_regclass looks the one name up; information_schema.tables scans every table, and fails when another
  // schema is dropped meanwhile.
  const exists =
    dialect === 'postgres'
      ? sql<{
          found: number;
        }>`select 1 as found where to_regclass(quote_ident(${schema ?? ''}) || '.kysely_migration') is not null`
      : sql<{ found: number }>`select 1 as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  if ((await exists.execute(db)).rows.length === 0) return [];
  const table = schema === undefined ? sql.table('kysely_migration') : sql.table(`${schema}.kysely_migration`);
  const { rows } = await sql<{ name: string }>`select name from ${table} order by timestamp, name`.execute(db);
  return rows.map((row) => row.name);
}

/** Issue 30: an older build on a newer schema stops, naming the migrations it does not know and what to do. */
export async function refuseNewerSchema<DB>(db: Kysely<DB>, dialect: DbDialect): Promise<void> {
  const { unknown } = await migrationStatus(db, dialect);
  if (unknown.length === 0) return;
  throw new Error(
    `The database's schema is newer than this release: it has migration(s) ${unknown.join(', ')}, which this ` +
      `build does not know (it knows up to ${MIGRATION_NAMES.at(-1) ?? 'none'}). A newer release migrated it, and ` +
      'migrations are never undone: run that release or a later one, or restore the backup taken before the ' +
      'upgrade (docs/operations.md, "Upgrade and roll back").',
  );
}

/** The PostgreSQL schema the connection's search_path names (the app's tables live there). */
export const currentSchemaOf = <DB>(db: Kysely<DB>): Promise<string> => currentSchema(db);

async function currentSchema<DB>(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) {
    throw new Error('PostgreSQL has no current schema: the search_path of DATABASE_URL names no existing schema');
  }
  return schema;
}

/**
 * Issue 31 (readiness): the migrations this build knows that the database has not applied. Read from the
 * migration table itself, as `migrate status` does: a probe every few seconds must not scan the catalogue.
 */
export async function pendingMigrations<DB>(db: Kysely<DB>, dialect: DbDialect): Promise<string[]> {
  return (await migrationStatus(db, dialect)).pending;
}
