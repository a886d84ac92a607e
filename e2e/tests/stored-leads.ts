import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from '../e2e-env';

export interface StoredLead {
  id: string;
  lead_is_qualified: string;
  is_disqualified: number;
  dq_reason: string;
  lead: Record<string, unknown>;
  submission: Record<string, unknown>;
}

/** Reads the rows the real server wrote, straight from its SQLite file. */
export function storedLeads(id: string): StoredLead[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT id, lead_is_qualified, is_disqualified, dq_reason, lead, submission FROM leads WHERE id = ?')
      .all(id) as {
      id: string;
      lead_is_qualified: string;
      is_disqualified: number;
      dq_reason: string;
      lead: string;
      submission: string;
    }[];
    return rows.map((r) => ({ ...r, lead: JSON.parse(r.lead), submission: JSON.parse(r.submission) }));
  } finally {
    db.close();
  }
}

/** The pre-submit check's record for a lead (progress_snapshots, session "pre-submit:<id>"). */
export function preSubmitRecords(id: string): unknown[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT data FROM progress_snapshots WHERE session = ?').all(`pre-submit:${id}`) as {
      data: string;
    }[];
    return rows.map((r) => JSON.parse(r.data) as unknown);
  } finally {
    db.close();
  }
}
