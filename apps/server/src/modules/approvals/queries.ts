import type { ApprovalStatus } from '@wallet/contract';
import { type ExpressionBuilder, sql } from 'kysely';
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

export async function listApprovals(
  db: Executor,
  filters: { status?: ApprovalStatus; kind?: string },
  now: Date,
  page: number,
  pageSize: number,
) {
  let query = selectApprovals(db);
  if (filters.status) query = query.where(statusIs(filters.status, now));
  if (filters.kind) query = query.where('r.kind', '=', filters.kind);
  const rows = await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? (page > 1 ? await countApprovals(db, filters, now) : 0)) };
}

async function countApprovals(db: Executor, filters: { status?: ApprovalStatus; kind?: string }, now: Date) {
  let query = db.selectFrom('approval_requests as r').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filters.status) query = query.where(statusIs(filters.status, now));
  if (filters.kind) query = query.where('r.kind', '=', filters.kind);
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
