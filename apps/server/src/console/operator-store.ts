/** Console operator accounts (issue 16). Emails are kept lower-case and trimmed; passwords only as hashes. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OperatorsTable } from '../db/schema';

export type Operator = Selectable<OperatorsTable>;

export function normaliseOperatorEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type AddOperatorResult = { ok: true; operator: Operator } | { ok: false; reason: 'exists' };

export async function addOperator(
  db: Kysely<Database>,
  input: { email: string; passwordHash: string; now: Date },
): Promise<AddOperatorResult> {
  const operator: Operator = {
    id: randomUUID(),
    email: normaliseOperatorEmail(input.email),
    password_hash: input.passwordHash,
    created_at: input.now.toISOString(),
    disabled_at: null,
    last_sign_in_at: null,
  };
  const inserted = await db
    .insertInto('operators')
    .values(operator)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? { ok: true, operator } : { ok: false, reason: 'exists' };
}

export async function operatorByEmail(db: Kysely<Database>, email: string): Promise<Operator | undefined> {
  return db.selectFrom('operators').selectAll().where('email', '=', normaliseOperatorEmail(email)).executeTakeFirst();
}

export async function listOperators(db: Kysely<Database>): Promise<Operator[]> {
  return db.selectFrom('operators').selectAll().orderBy('email').execute();
}

/**
 * Sets a new password hash (and enables the account) and ends every session of the account (issue 29,
 * finding 8: a new password shuts out whoever had the old one); false when no operator has that email.
 */
export async function setOperatorPassword(db: Kysely<Database>, email: string, passwordHash: string): Promise<boolean> {
  const operator = await operatorByEmail(db, email);
  if (!operator) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({ password_hash: passwordHash, disabled_at: null })
      .where('id', '=', operator.id)
      .execute();
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', operator.id).execute();
  });
  return true;
}

/** Disables an account and ends its sessions; false when no operator has that email. */
export async function disableOperator(db: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const operator = await operatorByEmail(db, email);
  if (!operator) return false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('operators').set({ disabled_at: now.toISOString() }).where('id', '=', operator.id).execute();
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', operator.id).execute();
  });
  return true;
}
