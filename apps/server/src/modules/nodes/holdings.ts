import type { Executor } from '../../platform/db/database';
import type { NodeChangeKind } from '../../platform/db/schema-placement';

/**
 * Node counts are holdings, not money (ADR 0036): one row per member, changed only here, each change
 * with its node_changes row in the transaction that moved the money behind it.
 */
export interface Holding {
  user_id: string;
  small: number;
  large: number;
  small_bought: number;
}

/**
 * Locks the members' holdings rows, made first if missing, in user-id order: two members allocating
 * to each other at once queue rather than deadlock. The insert never waits on a row someone else
 * holds (do nothing), so the lock is the select.
 */
export async function lockHoldings(trx: Executor, userIds: readonly string[]): Promise<Map<string, Holding>> {
  const ids = [...new Set(userIds)].sort();
  await trx
    .insertInto('node_holdings')
    .values(ids.map((user_id) => ({ user_id })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('node_holdings')
    .select(['user_id', 'small', 'large', 'small_bought'])
    .where('user_id', 'in', ids)
    .orderBy('user_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}

export interface HoldingChange {
  kind: NodeChangeKind;
  typeCode: number;
  small?: number;
  large?: number;
  /** Small nodes bought now: what the per-member cap counts. */
  bought?: number;
  reference: string;
  counterpartUserId?: string | null;
  journalId?: string | null;
  now: Date;
}

/** Applies a change to a holding locked by lockHoldings and appends its history row; returns the holding after. */
export async function changeHolding(trx: Executor, held: Holding, change: HoldingChange): Promise<Holding> {
  const small = change.small ?? 0;
  const large = change.large ?? 0;
  const after = {
    user_id: held.user_id,
    small: held.small + small,
    large: held.large + large,
    small_bought: held.small_bought + (change.bought ?? 0),
  };
  await trx
    .updateTable('node_holdings')
    .set({ small: after.small, large: after.large, small_bought: after.small_bought, updated_at: change.now })
    .where('user_id', '=', held.user_id)
    .execute();
  await trx
    .insertInto('node_changes')
    .values({
      user_id: held.user_id,
      kind: change.kind,
      type_code: change.typeCode,
      small_delta: small,
      large_delta: large,
      small_after: after.small,
      large_after: after.large,
      reference: change.reference,
      counterpart_user_id: change.counterpartUserId ?? null,
      journal_id: change.journalId ?? null,
      created_at: change.now,
    })
    .execute();
  return after;
}

/** The member's counts as read outside a change (zero before their first node). */
export async function holdingOf(db: Executor, userId: string): Promise<Holding> {
  const row = await db
    .selectFrom('node_holdings')
    .select(['user_id', 'small', 'large', 'small_bought'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { user_id: userId, small: 0, large: 0, small_bought: 0 };
}
