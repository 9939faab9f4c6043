import type { AuditEntry, AuditQuery } from '@wallet/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/**
 * The operators' audit log as the console reads it (ADR 0034): filtered by operator (id or email),
 * action, object, member and time, newest first. Writing stays with recordOperatorAudit.
 */
type Filters = Omit<AuditQuery, 'page' | 'pageSize'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtered(db: Db, filters: Filters) {
  let query = db.selectFrom('operator_audit');
  const { operator, action, object, member, from, to } = filters;
  if (operator)
    query = UUID.test(operator) ? query.where('operator_id', '=', operator) : query.where('operator_email', '=', operator.toLowerCase());
  if (action) query = query.where('action', '=', action);
  if (object) query = query.where('object', '=', object);
  if (member) query = query.where('member_uid', '=', member);
  if (from) query = query.where('at', '>=', new Date(from));
  if (to) query = query.where('at', '<', new Date(to));
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const selectRows = (db: Db, filters: Filters) => filtered(db, filters).selectAll().orderBy('seq', 'desc');

function entryOf(row: Row): AuditEntry {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    operator: row.operator_id ? { id: row.operator_id, email: row.operator_email ?? '' } : null,
    apiKeyId: row.api_key_id,
    roles: row.roles,
    action: row.action,
    object: row.object,
    memberUid: row.member_uid,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    requestId: row.request_id,
    ip: row.ip,
    hash: row.hash,
  };
}

export async function listAudit(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const { page, pageSize, ...filters } = query;
  const [rows, count] = await Promise.all([
    selectRows(db, filters)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filters).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(entryOf), total: Number(count.n) };
}

/** Most rows one export carries: narrow the filters for more. */
export const EXPORT_MAX_ROWS = 50_000;

const COLUMNS = [
  'seq',
  'at',
  'operator_id',
  'operator_email',
  'api_key_id',
  'roles',
  'action',
  'object',
  'member_uid',
  'before',
  'after',
  'reason',
  'request_id',
  'ip',
  'prev_hash',
  'hash',
];

/** The filtered log as CSV (quoting by csv-stringify), JSON cells for before and after. */
export async function exportAuditCsv(db: Db, filters: Filters): Promise<string> {
  const rows = await selectRows(db, filters).limit(EXPORT_MAX_ROWS).execute();
  const records = rows.map((row) => [
    row.seq,
    row.at.toISOString(),
    row.operator_id,
    row.operator_email,
    row.api_key_id,
    row.roles.join(' '),
    row.action,
    row.object,
    row.member_uid,
    row.before === null ? '' : JSON.stringify(row.before),
    row.after === null ? '' : JSON.stringify(row.after),
    row.reason,
    row.request_id,
    row.ip,
    row.prev_hash,
    row.hash,
  ]);
  // A cell starting with = + - @ would be a formula in a spreadsheet: csv-stringify's escape_formulas quotes it out.
  return stringify(records, { header: true, columns: COLUMNS, escape_formulas: true });
}
