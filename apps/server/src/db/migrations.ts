/**
 * One ordered list of migrations, run at start (docs/decisions/0002-database-access.md). Kept in code,
 * not in files found at run time, so the bundled server carries them.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS: Record<string, Migration> = {
  '0001-leads': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
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
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
