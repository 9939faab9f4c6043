import type { AuditLogProvider, ILog } from '@refinedev/core';
import { API } from '../api-paths';
import { apiRequest, type QueryValue } from '../lib/http';
import type { AuditEntry } from '../types/console';

/**
 * Refine's audit log provider over the server's chained operator audit (GET audit). `useLogList`
 * names what to read in its meta: `object` ('withdrawal:12'), `memberUid`, `operator` or `action`;
 * without them, the resource's latest entries are the `<resource>` prefix's (e.g. 'withdrawal.').
 */
export const auditLogProvider: AuditLogProvider = {
  async get({ meta, action }) {
    const query: Record<string, QueryValue> = {
      object: meta?.object as string | undefined,
      member: meta?.memberUid as string | undefined,
      operator: meta?.operator as string | undefined,
      action: (meta?.action as string | undefined) ?? action,
      page: (meta?.page as number | undefined) ?? 1,
      pageSize: (meta?.pageSize as number | undefined) ?? 50,
    };
    const reply = await apiRequest<{ items: AuditEntry[]; total: number }>('get', API.audit, { query });
    return reply.items.map(toLog);
  },

  // The server writes every entry itself, in the transaction of the action it records (ADR 0034): an
  // entry the browser wrote could be forged or lost, so the console never writes one.
  async create() {
    return undefined;
  },

  // Entries are append-only (the database refuses UPDATE): there is nothing to rename.
  async update() {
    throw new Error('Audit entries cannot be changed');
  },
};

export function toLog(entry: AuditEntry): ILog<unknown> {
  return {
    id: entry.seq,
    createdAt: entry.at,
    author: entry.operator ? { ...entry.operator, name: entry.operator.email } : { name: entry.apiKeyId ?? '' },
    name: entry.action,
    data: entry.after,
    previousData: entry.before,
    resource: entry.object?.split(':')[0] ?? '',
    action: entry.action,
    meta: {
      object: entry.object,
      memberUid: entry.memberUid,
      reason: entry.reason,
      requestId: entry.requestId,
      ip: entry.ip,
      hash: entry.hash,
    },
  };
}
