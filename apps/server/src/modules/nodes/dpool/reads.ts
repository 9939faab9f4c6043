import {
  type consoleDpoolPeriodSchema,
  Decimal,
  maskEmail,
  type NodeDashboard,
  type NodeReward,
  type NodeRewardProof,
} from '@wallet/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../../platform/db/database';
import { keysetPage } from '../../../platform/db/paging';
import { AppError } from '../../../platform/errors';
import { readSetting } from '../../operators/settings';

/** What the console and the member read of D-pool periods and node rewards. Numerics leave as plain decimals. */

const plain = (value: string) => new Decimal(value).toFixed();
const plainOrNull = (value: string | null) => (value === null ? null : plain(value));
const SBC_PRECISION = 8;

type PeriodRow = Awaited<ReturnType<ReturnType<typeof periodQuery>['executeTakeFirstOrThrow']>>;

const periodView = (row: PeriodRow): z.infer<typeof consoleDpoolPeriodSchema> => ({
  id: row.id,
  period: row.period,
  dpoolTotal: plain(row.dpool_total),
  sharePercent: plain(row.share_percent),
  poolAmount: plain(row.pool_amount),
  status: row.status,
  note: row.note,
  recordedBy: row.recorded_by,
  approvalId: row.approval_id,
  snapshotAt: row.snapshot_at.toISOString(),
  snapshotHash: row.snapshot_hash,
  holders: row.holders,
  largeNodesTotal: row.large_nodes_total,
  paidTotal: plainOrNull(row.paid_total),
  carriedTotal: plainOrNull(row.carried_total),
  unallocated: plainOrNull(row.unallocated),
  merkleRoot: row.merkle_root,
  paidAt: row.paid_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

function periodQuery(db: Executor) {
  return db
    .selectFrom('dpool_periods as p')
    .leftJoin('operators as o', 'o.id', 'p.recorded_by')
    .select([
      'p.id',
      'p.period',
      'p.dpool_total',
      'p.share_percent',
      'p.pool_amount',
      'p.status',
      'p.note',
      'o.email as recorded_by',
      'p.approval_id',
      'p.snapshot_at',
      'p.snapshot_hash',
      'p.holders',
      'p.large_nodes_total',
      'p.paid_total',
      'p.carried_total',
      'p.unallocated',
      'p.merkle_root',
      'p.paid_at',
      'p.created_at',
    ]);
}

export async function consolePeriods(db: Executor, query: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    periodQuery(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').offset(query.offset).limit(query.limit).execute(),
    db.selectFrom('dpool_periods').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(periodView), total: count.n };
}

/** A period with one line per holder of its snapshot; amounts are 0 until the period is paid. */
export async function consolePeriod(db: Executor, id: string) {
  const row = await periodQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  const lines = await db
    .selectFrom('dpool_snapshot_lines as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('node_rewards as r', (join) => join.onRef('r.period_id', '=', 'l.period_id').onRef('r.user_id', '=', 'l.user_id'))
    .select(['u.uid', 'u.email', 'l.large_nodes', 'r.amount', 'r.carry_after'])
    .where('l.period_id', '=', id)
    .orderBy('l.large_nodes', 'desc')
    .orderBy('u.uid')
    .execute();
  return {
    period: periodView(row),
    lines: lines.map((line) => ({
      uid: line.uid,
      email: maskEmail(line.email),
      largeNodes: line.large_nodes,
      amount: plain(line.amount ?? '0'),
      carryAfter: plain(line.carry_after ?? '0'),
    })),
  };
}

export async function nodeDashboard(db: Executor, userId: string): Promise<NodeDashboard> {
  const [holding, ratioText, last, allLarge, carry, total] = await Promise.all([
    db.selectFrom('node_holdings').select(['small', 'large']).where('user_id', '=', userId).executeTakeFirst(),
    readSetting(db, 'nodes.upgrade_ratio'),
    db
      .selectFrom('dpool_periods')
      .select(['period', 'pool_amount', 'paid_at'])
      .where('status', '=', 'paid')
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('node_holdings').select(sql<string>`coalesce(sum(large), 0)::text`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('node_reward_carries').select('carry').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('node_rewards')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const small = holding?.small ?? 0;
  const large = holding?.large ?? 0;
  const ratio = Number(ratioText);
  // An estimate only: the next period's total and the holdings at its snapshot decide the payment.
  const estimate =
    last && large > 0 && Number(allLarge.n) > 0
      ? new Decimal(last.pool_amount).times(large).div(allLarge.n).toDecimalPlaces(SBC_PRECISION, Decimal.ROUND_DOWN).toFixed()
      : null;
  return {
    nodes: { small, large },
    upgrade: { ratio, have: small, canUpgrade: small >= ratio },
    nextRewardEstimate: estimate,
    lastPeriod: last?.paid_at ? { period: last.period, poolAmount: plain(last.pool_amount), paidAt: last.paid_at.toISOString() } : null,
    carry: plain(carry?.carry ?? '0'),
    rewardsTotal: plain(total.sum),
  };
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/;

/** My lines, newest period paid first; the cursor is the last line's paid time and period id. */
export async function myRewards(db: Executor, userId: string, query: { cursor?: string | undefined; limit: number }) {
  const after = query.cursor ? CURSOR.exec(query.cursor) : null;
  if (query.cursor && !after) throw new AppError('VALIDATION_FAILED');
  let select = db
    .selectFrom('node_rewards as r')
    .innerJoin('dpool_periods as p', 'p.id', 'r.period_id')
    .select([
      'r.period_id',
      'p.period',
      'p.pool_amount',
      'r.large_nodes',
      'p.large_nodes_total',
      'r.amount',
      'r.carry_after',
      'p.merkle_root',
      'p.snapshot_hash',
      'p.paid_at',
    ])
    .where('r.user_id', '=', userId)
    .where('p.status', '=', 'paid');
  if (after)
    select = select.where(sql<boolean>`(p.paid_at, p.id) < (${new Date(after[1] as string)}::timestamptz, ${after[2] as string}::uuid)`);
  const rows = await select
    .orderBy('p.paid_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => `${(row.paid_at as Date).toISOString()}_${row.period_id}`);
  const items: NodeReward[] = page.map((row) => ({
    periodId: row.period_id,
    period: row.period,
    poolAmount: plain(row.pool_amount),
    largeNodes: row.large_nodes,
    largeNodesTotal: row.large_nodes_total,
    amount: plain(row.amount),
    carryAfter: plain(row.carry_after),
    merkleRoot: row.merkle_root ?? '',
    snapshotHash: row.snapshot_hash,
    paidAt: (row.paid_at as Date).toISOString(),
  }));
  return { items, nextCursor };
}

/** My line of a paid period as the tree holds it, with its proof against the published root. */
export async function myRewardProof(db: Executor, userId: string, periodId: string): Promise<NodeRewardProof> {
  const row = await db
    .selectFrom('node_rewards as r')
    .innerJoin('dpool_periods as p', 'p.id', 'r.period_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['p.id', 'p.period', 'p.merkle_root', 'p.holders', 'u.uid', 'r.amount', 'r.proof'])
    .where('r.user_id', '=', userId)
    .where('r.period_id', '=', periodId)
    .where('p.status', '=', 'paid')
    .executeTakeFirst();
  if (!row || row.merkle_root === null) throw new AppError('NODE_REWARD_NOT_FOUND');
  return {
    periodId: row.id,
    period: row.period,
    // The leaf's amount is written exactly as the tree was built with it (Decimal.toFixed()).
    leaf: [row.id, row.uid, plain(row.amount)],
    proof: row.proof,
    merkleRoot: row.merkle_root,
    holders: row.holders,
  };
}
