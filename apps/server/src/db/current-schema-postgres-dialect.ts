/**
 * Kysely's PostgreSQL dialect, with an introspector that reads the connection's own schema only.
 *
 * Kysely's Migrator asks the introspector whether its bookkeeping tables exist, and Kysely's own
 * PostgreSQL introspector answers by reading every column of every table in every schema of the database,
 * calling pg_get_serial_sequence on each. Where other schemas are created and dropped meanwhile (other
 * environments on one PostgreSQL, parallel test runs), that read fails with whatever the vanished schema's
 * last catalogue row gives ("schema … does not exist", "column "last_status" of relation "delivery_jobs"
 * does not exist": both seen in CI), and it is slow where the database holds many schemas. The funnel's
 * tables and Kysely's migration tables live in the search_path's schema (migrations.ts pins them there),
 * so that is all this introspector reads.
 */
import {
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Kysely's bookkeeping tables, left out of getTables unless asked for (as Kysely's own introspector does). */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  serial: boolean;
  comment: string | null;
}

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  /** Every schema's name: one read of pg_namespace, which no other schema's drop can fail. */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace
      where nspname !~ '^pg_' and nspname <> 'information_schema' order by nspname`.execute(this.#db);
    return rows.map((row) => ({ name: row.name }));
  }

  /**
   * The tables and views of the current schema, with their columns (pg_get_serial_sequence, as Kysely's
   * introspector asks it, is safe here: nothing drops our own schema while we read it).
   */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as table_type, ns.nspname as schema, a.attname as column,
        typ.typname as type, tns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) is not null
          as serial,
        col_description(a.attrelid, a.attnum) as comment
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, { name: string; isView: boolean; schema: string; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (table === undefined) {
        table = { name: row.table, isView: row.table_type === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isAutoIncrementing: row.serial,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        ...(row.comment !== null ? { comment: row.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
