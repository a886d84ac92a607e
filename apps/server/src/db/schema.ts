/** Table shapes as Kysely sees them. Written by hand to match db/migrations.ts. */
import type { Generated } from 'kysely';

export interface LeadsTable {
  id: string;
  received_at: string;
  variant: string;
  language: string;
  email: string;
  phone: string;
  zip_code: string;
  state: string;
  affid: string;
  oid: string;
  sub_id: string;
  lead_is_qualified: string;
  is_disqualified: number;
  dq_reason: string;
  /** The body as the server parsed it (raw answers), JSON. */
  submission: string;
  /** The full lead: submission + the server's derived fields and verdict, JSON. */
  lead: string;
  seq: Generated<number>;
}

export interface Database {
  leads: LeadsTable;
}
