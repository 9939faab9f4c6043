import { Decimal, dpoolTree } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { accountIds, postNew, SYSTEM_PURPOSES, USER_WALLET } from '../../ledger';
import { allocate } from './allocate';

/**
 * Pays a recorded period (issue 44): one transaction per period, its row locked `for update skip
 * locked` while still `recorded`, so of two runs at once one pays and the other finds nothing, and a
 * run after it finds the period paid. Inside: the pool moves from the D-pool account to the node
 * reward pool (journal 428 `dpool:<id>:fund`), then one journal 428 `dpool:<id>:pay` pays every
 * holder's whole units from the reward pool; what each holder's share leaves below a unit is their
 * carry (node_reward_carries), and the 30-decimal dust is the period's `unallocated`. So the reward
 * pool's balance is always Σ carries + Σ unallocated. A carry waits for its holder's next line: a
 * holder who keeps no large node keeps the carry in the pool until they hold one again.
 */
export async function payRecordedPeriods(db: Db, now: () => Date): Promise<number> {
  const due = await db
    .selectFrom('dpool_periods')
    .select('id')
    .where('status', '=', 'recorded')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let paid = 0;
  for (const { id } of due) if (await payPeriod(db, id, now())) paid += 1;
  return paid;
}

/** Pays one period; false when it was paid already or another run holds it. */
export async function payPeriod(db: Db, periodId: string, now: Date): Promise<boolean> {
  // Snapshot lines never change once recorded: their accounts are found (made) before the money transaction, as the ledger asks.
  const lines = await db
    .selectFrom('dpool_snapshot_lines as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.user_id', 'l.large_nodes', 'u.uid'])
    .where('l.period_id', '=', periodId)
    .orderBy('l.user_id')
    .execute();
  const [dpoolAccount, poolAccount, ...wallets] = await accountIds(db, [
    { userId: null, currency: 'SBC', purpose: SYSTEM_PURPOSES.dpool },
    { userId: null, currency: 'SBC', purpose: SYSTEM_PURPOSES.nodeRewardPool },
    ...lines.map((line) => ({ userId: line.user_id, currency: 'SBC' as const, purpose: USER_WALLET })),
  ]);
  return db.transaction().execute(async (trx) => {
    const period = await trx
      .selectFrom('dpool_periods')
      .select(['id', 'period', 'pool_amount'])
      .where('id', '=', periodId)
      .where('status', '=', 'recorded')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!period) return false;
    const pool = new Decimal(period.pool_amount).toFixed();
    let journalId: string | null = null;
    if (new Decimal(pool).gt(0)) {
      journalId = (
        await postNew(trx, {
          typeCode: 428,
          userId: null,
          reference: `dpool_period:${period.id}`,
          idempotencyKey: `dpool:${period.id}:fund`,
          memo: { period: period.period, step: 'fund' },
          legs: [
            { accountId: dpoolAccount as string, amount: `-${pool}` },
            { accountId: poolAccount as string, amount: pool },
          ],
        })
      ).journalId;
    }

    // Carries exist before they are locked, so two periods paid at once queue on the same rows, in user-id order.
    await sql`insert into node_reward_carries (user_id, carry)
      select user_id, 0 from dpool_snapshot_lines where period_id = ${period.id}::uuid order by user_id
      on conflict (user_id) do nothing`.execute(trx);
    const locked =
      lines.length === 0
        ? []
        : await trx
            .selectFrom('node_reward_carries')
            .select(['user_id', 'carry'])
            .where(
              'user_id',
              'in',
              lines.map((line) => line.user_id),
            )
            .orderBy('user_id')
            .forUpdate()
            .execute();
    const carries = new Map(locked.map((row) => [row.user_id, row.carry]));
    const allocation = allocate(
      pool,
      lines.map((line) => ({ userId: line.user_id, largeNodes: line.large_nodes, carryBefore: carries.get(line.user_id) ?? '0' })),
    );

    const paidLegs = allocation.lines.flatMap((line, index) =>
      new Decimal(line.amount).gt(0) ? [{ accountId: wallets[index] as string, amount: line.amount }] : [],
    );
    if (paidLegs.length > 0) {
      journalId = (
        await postNew(trx, {
          typeCode: 428,
          userId: null,
          reference: `dpool_period:${period.id}`,
          idempotencyKey: `dpool:${period.id}:pay`,
          memo: { period: period.period, step: 'pay', holders: paidLegs.length },
          legs: [{ accountId: poolAccount as string, amount: `-${allocation.paidTotal}` }, ...paidLegs],
        })
      ).journalId;
    }

    const tree = dpoolTree(allocation.lines.map((line, index) => [period.id, lines[index]?.uid as string, line.amount]));
    if (allocation.lines.length > 0) {
      await trx
        .insertInto('node_rewards')
        .values(
          allocation.lines.map((line, index) => ({
            period_id: period.id,
            user_id: line.userId,
            large_nodes: line.largeNodes,
            exact_share: line.exactShare,
            carry_before: line.carryBefore,
            amount: line.amount,
            carry_after: line.carryAfter,
            leaf_index: index,
            proof: JSON.stringify(tree.proofs[index] ?? []),
          })),
        )
        .execute();
      await trx
        .insertInto('node_reward_carries')
        .values(allocation.lines.map((line) => ({ user_id: line.userId, carry: line.carryAfter })))
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ carry: sql`excluded.carry`, updated_at: now }))
        .execute();
    }
    const carried = await trx
      .selectFrom('node_reward_carries')
      .select(sql<string>`coalesce(sum(carry), 0)::text`.as('total'))
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('dpool_periods')
      .set({
        status: 'paid',
        paid_total: allocation.paidTotal,
        carried_total: new Decimal(carried.total).toFixed(),
        unallocated: allocation.unallocated,
        merkle_root: tree.root === '' ? null : tree.root,
        journal_id: journalId,
        paid_at: now,
      })
      .where('id', '=', period.id)
      .execute();
    return true;
  });
}
