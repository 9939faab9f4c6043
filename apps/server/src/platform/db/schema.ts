import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Table types for Kysely. Each migration that adds a table adds its interface here. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_kind: 'user' | 'admin' | 'system';
  actor_id: string | null;
  action: string;
  subject: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  ip: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface Database {
  audit_log: AuditLogTable;
}
