import { createHash } from 'node:crypto';
import { CURRENCIES, Decimal } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { Db, Executor } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { type FourEyes, fourEyesNote } from '../../approvals/kinds';
import type { Approvals } from '../../approvals/service';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import { readSetting } from '../../operators/settings';
import { poolAmountOf } from './allocate';

/**
 * Recording a D-pool period (issue 44). An operator with nodes.dpool asks, a second one approves
 * (four eyes, kind nodes.dpool_period); the approval's transaction fixes everything the payment
 * will use: the share in force then (nodes.dpool_share_percent), the pool it gives, and the snapshot
 * of large nodes held at that moment. Later allocations, upgrades or grants change nothing of it.
 * The payment itself is the job's (pay.ts), woken after the approval commits.
 */
export const DPOOL_PERIOD_KIND = 'nodes.dpool_period';

const payloadSchema = z.object({ period: z.string(), dpoolTotal: z.string(), note: z.string(), requestKey: z.string() });
export type DpoolPeriodPayload = z.infer<typeof payloadSchema>;

export async function periodExists(db: Executor, period: string): Promise<boolean> {
  return (await db.selectFrom('dpool_periods').select('id').where('period', '=', period).executeTakeFirst()) !== undefined;
}

/**
 * The snapshot's fingerprint, published with the period: SHA-256 of one `uid:large` line per holder,
 * sorted by UID (code-point order) and joined by newlines, so anyone holding the list recomputes it.
 */
export function snapshotHashOf(lines: ReadonlyArray<{ uid: string; largeNodes: number }>): string {
  const canonical = lines
    .map((line) => `${line.uid}:${line.largeNodes}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join('\n');
  return createHash('sha256').update(canonical).digest('hex');
}

/** Records the period with its snapshot, in the caller's transaction (the approval's); audited there. */
export async function recordPeriod(
  trx: Transaction<Database>,
  checker: OperatorContext | null,
  payload: Omit<DpoolPeriodPayload, 'requestKey'>,
  now: Date,
  fourEyes?: FourEyes,
) {
  const share = await readSetting(trx, 'nodes.dpool_share_percent');
  const poolAmount = poolAmountOf(payload.dpoolTotal, share);
  // The unique period name decides between two approvals of the same period at once: one inserts.
  const inserted = await trx
    .insertInto('dpool_periods')
    .values({
      period: payload.period,
      dpool_total: payload.dpoolTotal,
      share_percent: share,
      pool_amount: poolAmount,
      note: payload.note,
      recorded_by: fourEyes?.maker.id ?? checker?.operatorId ?? null,
      approval_id: fourEyes?.approvalId ?? null,
      snapshot_at: now,
      snapshot_hash: '',
      holders: 0,
      large_nodes_total: 0,
    })
    .onConflict((oc) => oc.column('period').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError('DPOOL_PERIOD_EXISTS');
  const periodId = inserted.id;
  // One statement: the snapshot is what node_holdings held at one instant, whatever commits beside it.
  await sql`insert into dpool_snapshot_lines (period_id, user_id, large_nodes)
    select ${periodId}::uuid, user_id, large from node_holdings where large > 0`.execute(trx);
  const lines = await trx
    .selectFrom('dpool_snapshot_lines as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.uid', 'l.large_nodes'])
    .where('l.period_id', '=', periodId)
    .execute();
  const snapshotHash = snapshotHashOf(lines.map((line) => ({ uid: line.uid, largeNodes: line.large_nodes })));
  const largeNodesTotal = lines.reduce((sum, line) => sum + line.large_nodes, 0);
  await trx
    .updateTable('dpool_periods')
    .set({ snapshot_hash: snapshotHash, holders: lines.length, large_nodes_total: largeNodesTotal })
    .where('id', '=', periodId)
    .execute();
  const result = {
    periodId,
    period: payload.period,
    dpoolTotal: payload.dpoolTotal,
    sharePercent: share,
    poolAmount,
    holders: lines.length,
    largeNodesTotal,
    snapshotHash,
  };
  await recordOperatorAudit(trx, checker, {
    action: 'nodes.dpool_period',
    object: `dpool_period:${periodId}`,
    after: { ...result, ...fourEyesNote(fourEyes) },
    reason: payload.note,
  });
  return result;
}

export function defineDpoolPeriodKind(approvals: Approvals, deps: { clock: Clock; wakePayment: () => void }): void {
  approvals.define<DpoolPeriodPayload>({
    kind: DPOOL_PERIOD_KIND,
    permission: 'nodes.dpool',
    schema: payloadSchema,
    summary: (p) => `Record D-pool period ${p.period} with a total of ${p.dpoolTotal} SBC: ${p.note}`,
    run: (trx, payload, checker, fourEyes) => recordPeriod(trx, checker, payload, deps.clock.now(), fourEyes),
    afterCommit: async () => deps.wakePayment(),
  });
}

/** The console's request: refused at once when the period exists (the approval checks again). */
export async function requestPeriod(
  deps: { db: Db; approvals: Approvals },
  maker: OperatorContext,
  asked: DpoolPeriodPayload,
  onReplay: () => void,
): Promise<string> {
  const total = new Decimal(asked.dpoolTotal);
  if (!total.gt(0) || total.decimalPlaces() > CURRENCIES.SBC.input || total.gte('1e15')) throw new AppError('DPOOL_PERIOD_INVALID');
  if (await periodExists(deps.db, asked.period)) throw new AppError('DPOOL_PERIOD_EXISTS');
  const approval = await deps.approvals.request(maker, DPOOL_PERIOD_KIND, asked, { requestKey: asked.requestKey, onReplay });
  return approval.id;
}
