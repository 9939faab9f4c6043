import type { Notification, NotificationCode, NotificationRefKind } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { describeDevice } from '../../platform/device-description';

const COLUMNS = ['id', 'user_id', 'code', 'params', 'ref_kind', 'ref_id', 'created_at', 'read_at'] as const;

interface Row {
  id: string;
  user_id: string;
  code: string;
  params: Record<string, string>;
  ref_kind: string | null;
  ref_id: string | null;
  created_at: Date;
  read_at: Date | null;
}

/**
 * A notification as members and clients read it. A security notice keeps the raw user-agent it was
 * told from and says the device as "Chrome · Linux" (empty when unknown: the app says so in the
 * reader's language), the notices stored before that too.
 */
export function toNotification(row: Row): Notification {
  const { device } = row.params;
  return {
    id: row.id,
    code: row.code as NotificationCode,
    params: device === undefined ? row.params : { ...row.params, device: describeDevice(device) },
    ref: row.ref_kind && row.ref_id ? { kind: row.ref_kind as NotificationRefKind, id: row.ref_id } : null,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}

/** Newest first; the cursor is the last id of the page before. */
export async function listNotifications(db: Executor, userId: string, cursor: string | undefined, limit: number) {
  let query = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId);
  if (cursor) query = query.where('id', '<', cursor);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.id);
  return { notifications: page.map(toNotification), nextCursor };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Executor, userId: string, ids: string[] | 'all', now: Date): Promise<void> {
  let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  await query.execute();
}

/** The newest notification id of a member ('0' with none): where a new live stream starts. */
export async function latestId(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? '0';
}

/**
 * For live streams: every member's notifications after that member's position, at most `perMember`
 * each, in one statement however many members a moment of events touches. Each member is one index
 * lookup (a lateral join): a plain join lets the planner walk the whole table once it has grown.
 * JIT is off for it: compiling costs more than the query at the row counts the planner foresees.
 */
export async function notificationsAfter(db: Db, positions: Map<string, string>, perMember: number): Promise<Row[]> {
  if (positions.size === 0) return [];
  const users = [...positions.keys()];
  const after = users.map((user) => positions.get(user) as string);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    const result = await sql<Row>`
      select n.id, n.user_id, n.code, n.params, n.ref_kind, n.ref_id, n.created_at, n.read_at
      from unnest(${users}::uuid[], ${after}::bigint[]) as c(user_id, after)
      cross join lateral (
        select * from notifications n
        where n.user_id = c.user_id and n.id > c.after
        order by n.id
        limit ${perMember}
      ) n
      order by n.id`.execute(trx);
    return result.rows;
  });
}
