import type { NotificationCode, NotificationParams, NotificationRefKind } from '@wallet/contract';
import { type RawBuilder, sql } from 'kysely';
import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
import type { Executor } from '../../platform/db/database';

export interface NotificationInput {
  code: NotificationCode;
  params?: NotificationParams;
  ref?: { kind: NotificationRefKind; id: string };
}

/**
 * Records a notification for a member. Pass the transaction of the event itself, so the member is told
 * exactly when (and only if) it happened; live streams hear of it once that transaction commits.
 */
export function notify(db: Executor, userId: string, input: NotificationInput): Promise<void> {
  return notifyMany(db, [{ ...input, userId }]);
}

/** Several notifications (a scan that recorded many deposits) in one statement, on the same terms as `notify`. */
export async function notifyMany(db: Executor, rows: ReadonlyArray<NotificationInput & { userId: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        code: r.code,
        params: JSON.stringify(r.params ?? {}),
        ref_kind: r.ref?.kind ?? null,
        ref_id: r.ref?.id ?? null,
      })),
    )
    .execute();
  announceNotifications(
    db,
    rows.map((r) => r.userId),
  );
}

/**
 * For an event written by one statement of the caller's own (card authorization decisions write a
 * whole batch in one): its notifications as an `insert` to run as a CTE of that statement, so they
 * commit or fail with it. Once the statement has run, call `announceNotifications` with their members.
 */
export function insertNotificationsSql(rows: ReadonlyArray<NotificationInput & { userId: string }>): RawBuilder<unknown> {
  // Arrays rather than a row of parameters each: the statement stays the same size however many there are.
  return sql`insert into notifications (user_id, code, params, ref_kind, ref_id)
    select * from unnest(${rows.map((r) => r.userId)}::uuid[], ${rows.map((r) => r.code)}::text[],
      ${rows.map((r) => JSON.stringify(r.params ?? {}))}::jsonb[], ${rows.map((r) => r.ref?.kind ?? null)}::text[],
      ${rows.map((r) => r.ref?.id ?? null)}::text[])`;
}

/** Live streams hear of these members' new notifications once the transaction `db` belongs to commits. */
export function announceNotifications(db: Executor, userIds: readonly string[]): void {
  if (userIds.length === 0) return;
  afterCommit(db, () => publishChange({ topic: 'notifications', userIds: [...new Set(userIds)] }));
}
