import type { ColumnType, Generated } from 'kysely';

/** Tables of the notifications module, migration 0013. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  code: string;
  /** Read as an object, written as JSON text. */
  params: ColumnType<Record<string, string>, string | undefined, string>;
  ref_kind: string | null;
  ref_id: string | null;
  created_at: Generated<Date>;
  read_at: Date | null;
}

export interface NotificationTables {
  notifications: NotificationsTable;
}
