/** Privacy-rights requests from the §3 opt-out form, each with the date it must be answered by. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import { optOutDueDate, receiptDateOf } from './opt-out-due-date';
import { OPT_OUT_REQUEST_TYPES, type OptOutRequestType } from './opt-out-request-type';
import { parseJson } from './parse-json';
import type { Database, OptOutRequestsTable, OptOutStatus } from './schema';

export interface OptOutRequest {
  id: string;
  receivedAt: string;
  /** YYYY-MM-DD, inclusive. */
  dueAt: string;
  requestTypes: OptOutRequestType[];
  formData: unknown;
  secGpc: 'yes' | 'no';
  status: OptOutStatus;
  statusChangedAt: string;
  /** The operator who completed or denied it; '' while open. */
  processedBy: string;
}

const RequestTypesSchema = z.array(z.enum(OPT_OUT_REQUEST_TYPES));

export async function storeOptOutRequest(
  db: Kysely<Database>,
  request: { requestTypes: readonly OptOutRequestType[]; formData: object; secGpc: boolean; receivedAt: Date },
): Promise<{ id: string; dueAt: string }> {
  const id = randomUUID();
  const dueAt = optOutDueDate(receiptDateOf(request.receivedAt), request.requestTypes);
  const receivedAt = request.receivedAt.toISOString();
  await db
    .insertInto('opt_out_requests')
    .values({
      id,
      received_at: receivedAt,
      due_at: dueAt,
      request_types: JSON.stringify([...new Set(request.requestTypes)]),
      form_data: JSON.stringify(request.formData),
      sec_gpc: request.secGpc ? 'yes' : 'no',
      status: 'open',
      status_changed_at: receivedAt,
    })
    .execute();
  return { id, dueAt };
}

export async function getOptOutRequest(db: Kysely<Database>, id: string): Promise<OptOutRequest | undefined> {
  const row = await db.selectFrom('opt_out_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRequest(row);
}

/** Open requests, the most urgent first; `dueOnOrBefore` (YYYY-MM-DD) keeps those due by that day. */
export async function listOpenOptOutRequests(
  db: Kysely<Database>,
  options: { dueOnOrBefore?: string } = {},
): Promise<OptOutRequest[]> {
  let query = db.selectFrom('opt_out_requests').selectAll().where('status', '=', 'open');
  if (options.dueOnOrBefore !== undefined) query = query.where('due_at', '<=', options.dueOnOrBefore);
  const rows = await query.orderBy('due_at').orderBy('received_at').execute();
  return rows.map(toRequest);
}

/** Returns false when no request has that id. `processedBy` names the operator who decided it. */
export async function setOptOutStatus(
  db: Kysely<Database>,
  id: string,
  status: OptOutStatus,
  changedAt: Date,
  processedBy = '',
): Promise<boolean> {
  const result = await db
    .updateTable('opt_out_requests')
    .set({ status, status_changed_at: changedAt.toISOString(), processed_by: processedBy })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Every request (open or decided), the open ones first and the most urgent of those first; the console's
 * list. `limit` bounds it.
 */
export async function listOptOutRequests(db: Kysely<Database>, limit: number): Promise<OptOutRequest[]> {
  const rows = await db
    .selectFrom('opt_out_requests')
    .selectAll()
    .orderBy(sql`case when status = 'open' then 0 else 1 end`)
    .orderBy('due_at')
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRequest);
}

function toRequest(row: Selectable<OptOutRequestsTable>): OptOutRequest {
  return {
    id: row.id,
    receivedAt: row.received_at,
    dueAt: row.due_at,
    requestTypes: RequestTypesSchema.parse(parseJson(row.request_types)),
    formData: parseJson(row.form_data),
    secGpc: row.sec_gpc,
    status: row.status,
    statusChangedAt: row.status_changed_at,
    processedBy: row.processed_by,
  };
}
