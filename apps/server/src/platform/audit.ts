import type { Executor } from './db/database';

export interface AuditEntry {
  actorKind: 'user' | 'admin' | 'system';
  actorId: string | null;
  action: string;
  subject?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends to the audit log; never pass secrets in details. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_kind: entry.actorKind,
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}
