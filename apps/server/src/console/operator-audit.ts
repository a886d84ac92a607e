/** What operators do in the console, kept with who did it and when (issue 16: "records who did it and when"). */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Operator } from './operator-store';

export async function recordOperatorAction(
  db: Kysely<Database>,
  input: { operator: Pick<Operator, 'id' | 'email'>; action: string; target: string; details?: object; at: Date },
): Promise<void> {
  await db
    .insertInto('operator_actions')
    .values({
      id: randomUUID(),
      operator_id: input.operator.id,
      operator_email: input.operator.email,
      action: input.action,
      target: input.target,
      details: JSON.stringify(input.details ?? {}),
      at: input.at.toISOString(),
    })
    .execute();
}

export async function actionsOn(db: Kysely<Database>, target: string) {
  return db.selectFrom('operator_actions').selectAll().where('target', '=', target).orderBy('at').execute();
}
