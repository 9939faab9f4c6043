import { maskEmail, type NodeTierName } from '@wallet/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { decodeCursor, encodeCursor, enterAsMember } from './gate';
import { changeHolding, lockHoldings } from './holdings';

/** Node allocation (ADR 0002: labels the node history of both sides, no money moves). */
const ALLOCATION_CODE = 427;

export interface AllocationInput {
  email: string;
  tier: NodeTierName;
  quantity: number;
  paymentPassword: string;
}

type AllocationRow = {
  id: string;
  from_user_id: string;
  tier: NodeTierName;
  quantity: number;
  from_email: string;
  to_email: string;
  created_at: Date;
};
export type NodeAllocationReply = ReturnType<typeof allocationView>;

const allocationView = (row: AllocationRow, viewer: string) => ({
  id: row.id,
  direction: row.from_user_id === viewer ? ('out' as const) : ('in' as const),
  tier: row.tier,
  quantity: row.quantity,
  allocator: maskEmail(row.from_email),
  recipientEmail: maskEmail(row.to_email),
  createdAt: row.created_at.toISOString(),
});

/**
 * Hands small or large nodes to another member by email. Both holdings are locked in user-id order
 * and both get their history row, with the allocation row, in one transaction. The D-pool pays from
 * the snapshot taken when a period is recorded, so what a large node earned before it moved stays
 * with the allocator.
 */
export async function allocate(deps: AuthDeps, userId: string, input: AllocationInput, keyed: KeyedRequest, ip: string) {
  const earlier = await keyed.answered<NodeAllocationReply>(deps.db);
  if (earlier) return earlier.value;
  const recipient = await deps.db.selectFrom('users').select(['id', 'email']).where('email', '=', input.email).executeTakeFirst();
  if (!recipient) throw new AppError('RECIPIENT_EMAIL_NOT_FOUND');
  if (recipient.id === userId) throw new AppError('RECIPIENT_IS_SELF');
  const payer = await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await enterAsMember(trx, userId, keyed);
    const holdings = await lockHoldings(trx, [userId, recipient.id]);
    const from = holdings.get(userId);
    const to = holdings.get(recipient.id);
    if (!from || !to) throw new Error('node holdings of an allocation were not locked');
    if (from[input.tier] < input.quantity) throw new AppError('NODE_ALLOCATION_SHORT', { tier: input.tier, have: from[input.tier] });
    const row = await trx
      .insertInto('node_allocations')
      .values({
        from_user_id: userId,
        to_user_id: recipient.id,
        tier: input.tier,
        quantity: input.quantity,
        idempotency_key: keyed.key,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['from_user_id', 'idempotency_key']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (!row) throw new KeyTaken();
    const reference = `node-allocation:${row.id}`;
    const delta = input.tier === 'small' ? 'small' : 'large';
    await changeHolding(trx, from, {
      kind: 'allocation_out',
      typeCode: ALLOCATION_CODE,
      [delta]: -input.quantity,
      reference,
      counterpartUserId: recipient.id,
      now,
    });
    await changeHolding(trx, to, {
      kind: 'allocation_in',
      typeCode: ALLOCATION_CODE,
      [delta]: input.quantity,
      reference,
      counterpartUserId: userId,
      now,
    });
    const reply = allocationView(
      { ...row, from_user_id: userId, tier: input.tier, quantity: input.quantity, from_email: payer.email, to_email: recipient.email },
      userId,
    );
    await keyed.save(trx, reply);
    return reply;
  });
}

/** Allocations the member made or received, newest first, each with its direction. */
export async function allocationsOf(db: Executor, userId: string, query: { cursor?: string | undefined; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  let select = db
    .selectFrom('node_allocations as a')
    .innerJoin('users as f', 'f.id', 'a.from_user_id')
    .innerJoin('users as t', 't.id', 'a.to_user_id')
    .select(['a.id', 'a.from_user_id', 'a.tier', 'a.quantity', 'a.created_at', 'f.email as from_email', 't.email as to_email'])
    .where((eb) => eb.or([eb('a.from_user_id', '=', userId), eb('a.to_user_id', '=', userId)]));
  if (after) select = select.where(sql<boolean>`(a.created_at, a.id) < (${after.created_at}, ${after.id}::uuid)`);
  const rows = await select
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, encodeCursor);
  return { items: page.map((row) => allocationView(row, userId)), nextCursor };
}
