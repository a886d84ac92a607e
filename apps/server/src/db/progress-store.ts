/**
 * §7 save-data: the browser posts its pending progress list with its session id; every call is kept as
 * its own row (the browser clears its list once a call succeeds, so rows never repeat each other).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseJson } from './parse-json';
import type { Database } from './schema';

export interface ProgressSnapshot {
  id: string;
  session: string;
  data: unknown;
  receivedAt: string;
}

export async function saveProgress(
  db: Kysely<Database>,
  snapshot: { session: string; data: object; receivedAt: Date },
): Promise<{ id: string }> {
  const id = randomUUID();
  await db
    .insertInto('progress_snapshots')
    .values({
      id,
      session: snapshot.session,
      data: JSON.stringify(snapshot.data),
      received_at: snapshot.receivedAt.toISOString(),
    })
    .execute();
  return { id };
}

/** Every snapshot of a session, oldest first. */
export async function listProgress(db: Kysely<Database>, session: string): Promise<ProgressSnapshot[]> {
  const rows = await db
    .selectFrom('progress_snapshots')
    .selectAll()
    .where('session', '=', session)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    session: row.session,
    data: parseJson(row.data),
    receivedAt: row.received_at,
  }));
}
