/** The two databases the server runs on: embedded SQLite by default, PostgreSQL when DATABASE_URL is set. */
export type DbDialect = 'sqlite' | 'postgres';
