import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from '../e2e-env';

/** The raw rows of POST /api/save-data for one session, oldest first: each row's `data` as stored. */
export interface ProgressRow {
  entries: { step_id: string; [key: string]: unknown }[];
  /** Issue 28: the server's verdict of a flow that ends on the page without a lead (eligibility). */
  verdict?: { lead_is_qualified: string; dq_reason: string };
}

export function progressRows(session: string): ProgressRow[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT data FROM progress_snapshots WHERE session = ? ORDER BY received_at, id')
      .all(session) as { data: string }[];
    return rows.map((r) => JSON.parse(r.data) as ProgressRow);
  } finally {
    db.close();
  }
}

/** The steps stored for a session, in the order the rows hold them. */
export function storedSteps(session: string): string[] {
  return progressRows(session).flatMap((row) => row.entries.map((e) => e.step_id));
}
