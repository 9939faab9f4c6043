import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import type { Approvals } from '../../approvals/service';
import type { OperatorContext } from '../../operators/context';
import { APPLICATION_KIND, type ApplicationApproval, rejectApplication } from './decisions';

export interface NodesConsoleDeps {
  db: Db;
  clock: Clock;
  approvals: Approvals;
}

const applicationRows = (db: Db) =>
  db
    .selectFrom('large_node_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('operators as o', 'o.id', 'a.decided_by')
    .select([
      'a.id',
      'a.user_id',
      'u.uid',
      'u.email as member_email',
      'a.email',
      'a.city',
      'a.name',
      'a.contact',
      'a.invite_code',
      'a.team_size',
      'a.venue_sqm',
      'a.amount',
      'a.status',
      'a.reason',
      'o.email as decided_by',
      'a.approval_id',
      'a.created_at',
      'a.decided_at',
    ]);
type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationRows>['executeTakeFirstOrThrow']>>;

const applicationView = (row: ApplicationRow, pendingApprovalId: string | null) => ({
  id: row.id,
  uid: row.uid,
  memberEmail: row.member_email,
  email: row.email,
  city: row.city,
  name: row.name,
  contact: row.contact,
  inviteCode: row.invite_code,
  teamSize: row.team_size,
  venueSqm: row.venue_sqm,
  amount: new Decimal(row.amount).toFixed(),
  status: row.status,
  reason: row.reason,
  decidedBy: row.decided_by,
  approvalId: row.approval_id,
  pendingApprovalId: row.status === 'pending' ? pendingApprovalId : null,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

/** The approval requests waiting on a second operator, per application: the approvals service knows them, not this module. */
async function waitingApprovals(deps: NodesConsoleDeps, viewer: OperatorContext): Promise<Map<string, string>> {
  const { items } = await deps.approvals.list(viewer, { status: 'pending', kind: APPLICATION_KIND, view: 'all', page: 1, pageSize: 100 });
  const waiting = new Map<string, string>();
  // Oldest last in the list: the first asked stays the one shown.
  for (const approval of items) waiting.set((approval.payload as ApplicationApproval).applicationId, approval.id);
  return waiting;
}

export async function listApplications(
  deps: NodesConsoleDeps,
  viewer: OperatorContext,
  query: { status?: 'pending' | 'approved' | 'rejected' | undefined; offset: number; limit: number },
) {
  let rows = applicationRows(deps.db);
  let count = deps.db.selectFrom('large_node_applications').select((eb) => eb.fn.countAll<string>().as('n'));
  if (query.status) {
    rows = rows.where('a.status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const [page, total, waiting] = await Promise.all([
    rows.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').offset(query.offset).limit(query.limit).execute(),
    count.executeTakeFirstOrThrow(),
    waitingApprovals(deps, viewer),
  ]);
  return { items: page.map((row) => applicationView(row, waiting.get(row.id) ?? null)), total: Number(total.n) };
}

async function applicationOrThrow(deps: NodesConsoleDeps, id: string) {
  const row = await applicationRows(deps.db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NODE_APPLICATION_NOT_FOUND');
  return row;
}

/** Asks a second operator to approve; the approval's run checks the application again under its lock. */
export async function requestApproval(
  deps: NodesConsoleDeps,
  maker: OperatorContext,
  id: string,
  note: string,
  requestKey: string | undefined,
  onReplay: () => void,
) {
  const row = await applicationOrThrow(deps, id);
  if (row.status !== 'pending') throw new AppError('NODE_APPLICATION_DECIDED');
  const payload: ApplicationApproval = {
    applicationId: row.id,
    userId: row.user_id,
    uid: row.uid,
    email: row.member_email,
    amount: new Decimal(row.amount).toFixed(),
    note,
    ...(requestKey ? { requestKey } : {}),
  };
  const approval = await deps.approvals.request(maker, APPLICATION_KIND, payload, { ...(requestKey ? { requestKey } : {}), onReplay });
  return { approvalId: approval.id };
}

export async function reject(deps: NodesConsoleDeps, operator: OperatorContext, id: string, reason: string) {
  const row = await applicationOrThrow(deps, id);
  await deps.db.transaction().execute((trx) => rejectApplication(trx, operator, id, reason, deps.clock.now(), row.uid));
  return { application: applicationView(await applicationOrThrow(deps, id), null) };
}

/** Members holding any node, most large nodes first, with the totals of all holders. */
export async function holders(deps: NodesConsoleDeps, query: { offset: number; limit: number }) {
  const holding = deps.db.selectFrom('node_holdings as h').where(sql<boolean>`h.small > 0 or h.large > 0`);
  const [rows, totals] = await Promise.all([
    holding
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .select(['u.uid', 'u.email', 'h.small', 'h.large', 'h.small_bought'])
      .orderBy('h.large', 'desc')
      .orderBy('h.small', 'desc')
      .orderBy('u.uid')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    holding
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<string>('h.small'), sql<string>`0`).as('small'),
        eb.fn.coalesce(eb.fn.sum<string>('h.large'), sql<string>`0`).as('large'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ uid: r.uid, email: r.email, small: r.small, large: r.large, smallBought: r.small_bought })),
    total: Number(totals.n),
    totals: { small: Number(totals.small), large: Number(totals.large) },
  };
}
