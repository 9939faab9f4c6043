import type { ApprovalStatus } from '@wallet/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/** An approval request with the emails of its maker and checker. */
export const selectApprovals = (db: Executor) =>
  db
    .selectFrom('approval_requests as r')
    .innerJoin('operators as m', 'm.id', 'r.maker_id')
    .leftJoin('operators as c', 'c.id', 'r.checker_id')
    .selectAll('r')
    .select(['m.email as maker_email', 'c.email as checker_email']);

export type ApprovalRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectApprovals>['executeTakeFirst']>>>;

export const findApproval = (db: Executor, id: string) => selectApprovals(db).where('r.id', '=', id).executeTakeFirst();

/** A pending request past its time reads as expired, whether or not anyone has marked it yet. */
export function statusIs(status: ApprovalStatus, now: Date) {
  return (eb: ExpressionBuilder<Database & { r: Database['approval_requests'] }, 'r'>) => {
    if (status === 'pending') return eb.and([eb('r.status', '=', 'pending'), eb('r.expires_at', '>', now)]);
    if (status === 'expired')
      return eb.or([eb('r.status', '=', 'expired'), eb.and([eb('r.status', '=', 'pending'), eb('r.expires_at', '<=', now)])]);
    return eb('r.status', '=', status);
  };
}

/** Requests still waiting for a checker: pending and not yet expired. */
export async function countPending(db: Executor, now: Date): Promise<number> {
  const row = await db
    .selectFrom('approval_requests as r')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(statusIs('pending', now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a queue shows: by status and kind, and for one operator what they made or what waits for them. */
export interface ApprovalFilters {
  status?: ApprovalStatus;
  kind?: string;
  /** Made by this operator. */
  maker?: string;
  /** Not made by this operator, and of one of these kinds (those they may decide). */
  checker?: { id: string; kinds: readonly string[] };
}

function filtered<Q extends SelectQueryBuilder<Database & { r: Database['approval_requests'] }, 'r', object>>(
  query: Q,
  filters: ApprovalFilters,
  now: Date,
): Q {
  let q = query;
  if (filters.status) q = q.where(statusIs(filters.status, now)) as Q;
  if (filters.kind) q = q.where('r.kind', '=', filters.kind) as Q;
  if (filters.maker) q = q.where('r.maker_id', '=', filters.maker) as Q;
  if (filters.checker) {
    q = q.where('r.maker_id', '<>', filters.checker.id) as Q;
    q = (filters.checker.kinds.length > 0 ? q.where('r.kind', 'in', [...filters.checker.kinds]) : q.where(sql<boolean>`false`)) as Q;
  }
  return q;
}

export async function listApprovals(db: Executor, filters: ApprovalFilters, now: Date, page: number, pageSize: number) {
  const rows = await filtered(selectApprovals(db), filters, now)
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? (page > 1 ? await countApprovals(db, filters, now) : 0)) };
}

async function countApprovals(db: Executor, filters: ApprovalFilters, now: Date) {
  const query = filtered(
    db.selectFrom('approval_requests as r').select((eb) => eb.fn.countAll<string>().as('n')),
    filters,
    now,
  );
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The request as it may still be approved: pending, unexpired, the payload the checker reviewed; locked until commit. */
export const lockPending = (db: Executor, id: string, payloadHash: string, now: Date) =>
  db
    .selectFrom('approval_requests')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .where('payload_hash', '=', payloadHash)
    .forUpdate()
    .executeTakeFirst();
