import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { assertNotLocked, lockMemberRules } from '../auth/account-security';

/**
 * First in every node change's transaction: an account lock is read under the lock its own change
 * takes. A request with the same key that held this lock first has committed by now: it is answered
 * as that request was (KeyTaken runs it again, which finds the record), not refused for what the
 * first one changed (the cap it filled, the small nodes it upgraded).
 */
export async function enterAsMember(trx: Executor, userId: string, keyed: KeyedRequest): Promise<void> {
  await lockMemberRules(trx, userId);
  const { rows } = await sql<{ record: unknown }>`select ${keyed.record()} as record`.execute(trx);
  if (rows[0]?.record) throw new KeyTaken();
  await assertNotLocked(trx, userId);
}

/** Keyset cursors of the node lists: newest first by (created_at, id). */
export const encodeCursor = (row: { created_at: Date; id: string }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(cursor: string): { created_at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const created = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(created.getTime())) throw new AppError('BAD_REQUEST');
  return { created_at: created, id };
}
