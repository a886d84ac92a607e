import path from 'node:path';
import Database from 'better-sqlite3';

/** The stored lead (its `lead` JSON) of one id in a server's SQLite file under `dataDir`, or undefined. */
export function storedLeadIn(dataDir: string, id: string): Record<string, unknown> | undefined {
  const db = new Database(path.join(dataDir, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row: unknown = db.prepare('SELECT lead FROM leads WHERE id = ?').get(id);
    if (typeof row !== 'object' || row === null || !('lead' in row) || typeof row.lead !== 'string') return undefined;
    const lead: unknown = JSON.parse(row.lead);
    return typeof lead === 'object' && lead !== null ? Object.fromEntries(Object.entries(lead)) : undefined;
  } finally {
    db.close();
  }
}
