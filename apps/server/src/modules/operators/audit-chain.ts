import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { OperatorContext } from './context';

/**
 * The operators' audit log (ADR 0034): every operator action is appended in the transaction of its
 * effect, and each entry carries the hash of the one before, so a row changed or removed by hand
 * (the table refuses UPDATE, DELETE and TRUNCATE, but a superuser can turn a trigger off) breaks the
 * chain where it happened. Entries are numbered under a transaction lock, so the chain has one order
 * even when operators act at once; operator actions are few, so the lock costs nothing members feel.
 */

export const GENESIS_HASH = '0'.repeat(64);

export interface OperatorAuditEntry {
  /** What was done, dotted: 'withdrawal.approve', 'balance.adjust', 'kyc.view'. */
  action: string;
  /** What it was done to: 'withdrawal:<id>', 'user:<uid>', 'operator:<id>'. */
  object?: string | null;
  /** The member concerned, by UID, when there is one: the viewer filters on it. */
  memberUid?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** The stored fields a hash covers, in a fixed order. */
export interface ChainedFields {
  seq: string;
  at: string;
  operatorId: string | null;
  operatorEmail: string | null;
  apiKeyId: string | null;
  roles: readonly string[];
  action: string;
  object: string | null;
  memberUid: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
  ip: string | null;
  prevHash: string;
}

/** JSON with object keys sorted at every depth: jsonb gives keys back in its own order, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function entryHash(fields: ChainedFields): string {
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

// One key for the chain's transaction lock: pg_advisory_xact_lock(int8).
const CHAIN_LOCK = 0x6f70617564; // "opaud"

/** Appends an operator's action; pass the action's transaction so both commit or neither. */
export async function recordOperatorAudit(trx: Executor, operator: OperatorContext | null, entry: OperatorAuditEntry): Promise<void> {
  // The numbering lock lasts as long as a transaction: outside one it would end at once, and two
  // entries written at the same moment would take the same number.
  if (!trx.isTransaction) return trx.transaction().execute((own) => recordOperatorAudit(own, operator, entry));
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  const last = await trx.selectFrom('operator_audit').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const seq = (BigInt(last?.seq ?? '0') + 1n).toString();
  // Milliseconds, as a JavaScript date holds them: what is stored reads back exactly as it was hashed.
  const at = new Date();
  const fields: ChainedFields = {
    seq,
    at: at.toISOString(),
    operatorId: operator?.operatorId ?? null,
    operatorEmail: operator?.email ?? null,
    apiKeyId: operator?.apiKeyId ?? null,
    roles: operator ? [...operator.roles] : [],
    action: entry.action,
    object: entry.object ?? null,
    memberUid: entry.memberUid ?? null,
    before: normalise(entry.before),
    after: normalise(entry.after),
    reason: entry.reason ?? null,
    requestId: operator?.requestId ?? null,
    ip: operator?.ip ?? null,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  await trx
    .insertInto('operator_audit')
    .values({
      seq,
      at,
      operator_id: fields.operatorId,
      operator_email: fields.operatorEmail,
      api_key_id: fields.apiKeyId,
      roles: [...fields.roles],
      action: fields.action,
      object: fields.object,
      member_uid: fields.memberUid,
      before: fields.before === null ? null : JSON.stringify(fields.before),
      after: fields.after === null ? null : JSON.stringify(fields.after),
      reason: fields.reason,
      request_id: fields.requestId,
      ip: fields.ip,
      prev_hash: fields.prevHash,
      hash: entryHash(fields),
    })
    .execute();
}

/** As jsonb will give it back: dates as ISO text, undefined keys gone. */
function normalise(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

export type ChainVerdict =
  | { intact: true; entries: number; lastHash: string }
  | { intact: false; entries: number; brokenAt: string; why: string };

/** Walks the whole chain in order, recomputing every hash: where it first breaks, if it does. */
export async function verifyAuditChain(db: Db | Executor, pageSize = 1000): Promise<ChainVerdict> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1n;
  let entries = 0;
  for (;;) {
    const rows = await db
      .selectFrom('operator_audit')
      .selectAll()
      .where('seq', '>=', expectedSeq.toString())
      .orderBy('seq')
      .limit(pageSize)
      .execute();
    for (const row of rows) {
      if (BigInt(row.seq) !== expectedSeq) return { intact: false, entries, brokenAt: expectedSeq.toString(), why: 'missing entry' };
      if (row.prev_hash !== prevHash) return { intact: false, entries, brokenAt: row.seq, why: 'previous hash does not match' };
      const recomputed = entryHash({
        seq: row.seq,
        at: row.at.toISOString(),
        operatorId: row.operator_id,
        operatorEmail: row.operator_email,
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
        prevHash: row.prev_hash,
      });
      if (recomputed !== row.hash) return { intact: false, entries, brokenAt: row.seq, why: 'entry changed after it was written' };
      prevHash = row.hash;
      expectedSeq += 1n;
      entries += 1;
    }
    if (rows.length < pageSize) return { intact: true, entries, lastHash: prevHash };
  }
}
