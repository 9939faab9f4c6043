import { sql } from 'kysely';
import type { Db, Executor } from './db/database';
import type { SecretAttemptsTable } from './db/schema-secret-attempts';
import {
  type AttemptKey,
  type AttemptState,
  type AttemptStore,
  expiresAt,
  planFail,
  planRelease,
  planReserve,
  type Write,
} from './secret-attempts';

type Row = Omit<SecretAttemptsTable, 'expires_at'>;
const COLUMNS = sql.raw('kind, subject, failures, pending, pending_at, window_started_at, locked_until');

/**
 * Counters in the secret_attempts table, shared by every server process on the database. Each step
 * locks the rows of its keys (INSERT ... ON CONFLICT) for one short transaction, always in (kind,
 * subject) order so two steps never wait on each other in turn.
 * No secret is checked while a row is locked: the check runs between two steps.
 */
export class PgAttemptStore implements AttemptStore {
  constructor(private readonly db: Db) {}

  reserve(keys: AttemptKey[], now: number) {
    return this.step(keys, now, (states) => planReserve(keys, states, now));
  }

  fail(keys: AttemptKey[], now: number) {
    return this.step(keys, now, (states) => planFail(keys, states, now));
  }

  async release(keys: AttemptKey[], now: number, right: boolean) {
    await this.step(keys, now, (states) => ({ result: undefined, writes: planRelease(keys, states, now, right) }));
  }

  async clear(keys: AttemptKey[]) {
    for (const key of keys) {
      await sql`delete from secret_attempts where kind = ${key.kind} and subject = ${key.subject}`.execute(this.db);
    }
  }

  async prune(now: number) {
    const result = await sql`delete from secret_attempts where expires_at < ${new Date(now)}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  private async step<T>(
    unsorted: AttemptKey[],
    now: number,
    plan: (states: Array<AttemptState | undefined>) => { result: T; writes: Write[] },
  ): Promise<T> {
    const order = unsorted.map((_, i) => i).sort((a, b) => compareKeys(unsorted[a] as AttemptKey, unsorted[b] as AttemptKey));
    return this.db.transaction().execute(async (trx) => {
      const rows = await lockOrCreate(trx, unsorted, order, now);
      const states = unsorted.map((key) => {
        const row = rows.find((r) => r.kind === key.kind && r.subject === key.subject);
        return row ? toState(row) : undefined;
      });
      const { result, writes } = plan(states);
      await write(trx, unsorted, writes);
      return result;
    });
  }
}

function compareKeys(a: AttemptKey, b: AttemptKey): number {
  return a.kind === b.kind ? (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0) : a.kind < b.kind ? -1 : 1;
}

function toState(row: Row): AttemptState {
  return {
    failures: row.failures,
    pending: row.pending,
    pendingAt: row.pending_at.getTime(),
    windowStartedAt: row.window_started_at.getTime(),
    lockedUntil: row.locked_until?.getTime() ?? null,
  };
}

/**
 * Locks the rows of all keys, in one order, creating missing ones: a new row counts nothing and
 * expires at once unless the step writes it. The no-op update on conflict locks an existing row and
 * returns it in the same statement. Every step locks this way (not with a SELECT ... FOR UPDATE,
 * which does not see a row another step is inserting and would then wait on it out of order).
 */
async function lockOrCreate(trx: Executor, keys: AttemptKey[], order: number[], now: number): Promise<Row[]> {
  const at = new Date(now);
  const values = sql.join(
    order.map((i) => sql`(${(keys[i] as AttemptKey).kind}, ${(keys[i] as AttemptKey).subject}, 0, 0, ${at}, ${at}, null, ${at})`),
  );
  const { rows } =
    await sql<Row>`insert into secret_attempts (kind, subject, failures, pending, pending_at, window_started_at, locked_until, expires_at)
    values ${values}
    on conflict (kind, subject) do update set kind = excluded.kind
    returning ${COLUMNS}`.execute(trx);
  return rows;
}

/**
 * Every key's write in one statement: the rows stay locked until COMMIT, and an address's row is
 * shared by every member behind that address, so each round trip under the lock is one more wait for
 * all of them.
 */
async function write(trx: Executor, keys: AttemptKey[], writes: Write[]) {
  const deletes = keys.filter((_, i) => writes[i] === 'delete').map((key) => sql`(${key.kind}, ${key.subject})`);
  const saves = keys.flatMap((key, i) => {
    const state = writes[i];
    if (!state || state === 'delete') return [];
    const expires = expiresAt(state, key.rule);
    return [
      sql`(${key.kind}, ${key.subject}, ${state.failures}::integer, ${state.pending}::integer, ${new Date(state.pendingAt)}::timestamptz,
        ${new Date(state.windowStartedAt)}::timestamptz, ${state.lockedUntil === null ? null : new Date(state.lockedUntil)}::timestamptz,
        ${expires === null ? null : new Date(expires)}::timestamptz)`,
    ];
  });
  const removal = sql`delete from secret_attempts where (kind, subject) in (${sql.join(deletes)})`;
  if (saves.length === 0) {
    if (deletes.length > 0) await removal.execute(trx);
    return;
  }
  await sql`${deletes.length > 0 ? sql`with removed as (${removal}) ` : sql``}update secret_attempts as s set failures = v.failures,
    pending = v.pending, pending_at = v.pending_at, window_started_at = v.window_started_at, locked_until = v.locked_until,
    expires_at = v.expires_at
    from (values ${sql.join(saves)}) as v(kind, subject, failures, pending, pending_at, window_started_at, locked_until, expires_at)
    where s.kind = v.kind and s.subject = v.subject`.execute(trx);
}
