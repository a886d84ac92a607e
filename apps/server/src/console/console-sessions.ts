/**
 * Console sessions (issue 16): a random 256-bit token in an HttpOnly, SameSite=Strict cookie; the
 * database keeps only its SHA-256, so a copy of the table opens nothing. A session ends after
 * SESSION_MAX_MS, or after SESSION_IDLE_MS without a request, or at sign-out.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Operator } from './operator-store';

export const SESSION_COOKIE = 'console_session';
export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function startSession(db: Kysely<Database>, operator: Operator, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('operator_sessions')
      .values({
        id: tokenId(token),
        operator_id: operator.id,
        created_at: at,
        expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
        last_seen_at: at,
      })
      .execute();
    await trx.updateTable('operators').set({ last_sign_in_at: at }).where('id', '=', operator.id).execute();
    // Sessions of this operator that have ended are tidied on each sign-in.
    await trx
      .deleteFrom('operator_sessions')
      .where('operator_id', '=', operator.id)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', at),
          eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        ]),
      )
      .execute();
  });
  return token;
}

/** The operator a token signs in, or null when the session is unknown, ended, or the account disabled. */
export async function sessionOperator(db: Kysely<Database>, token: string, now: Date): Promise<Operator | null> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .selectAll('operators')
    .select(['operator_sessions.id as session_id', 'operator_sessions.expires_at', 'operator_sessions.last_seen_at'])
    .where('operator_sessions.id', '=', tokenId(token))
    .executeTakeFirst();
  if (!row || row.disabled_at !== null) return null;
  const at = now.getTime();
  if (Date.parse(row.expires_at) <= at || Date.parse(row.last_seen_at) + SESSION_IDLE_MS <= at) return null;
  if (Date.parse(row.last_seen_at) + TOUCH_EVERY_MS <= at) {
    await db
      .updateTable('operator_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    id: row.id,
    email: row.email,
    password_hash: row.password_hash,
    created_at: row.created_at,
    disabled_at: row.disabled_at,
    last_sign_in_at: row.last_sign_in_at,
  };
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id', '=', tokenId(token)).execute();
}
