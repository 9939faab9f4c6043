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
      for (const [i, write] of writes.entries()) {
        const key = unsorted[i] as AttemptKey;
        if (write === 'delete') await sql`delete from secret_attempts where kind = ${key.kind} and subject = ${key.subject}`.execute(trx);
        else if (write) await save(trx, key, write);
      }
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

async function save(trx: Executor, key: AttemptKey, state: AttemptState) {
  const expires = expiresAt(state, key.rule);
  await sql`update secret_attempts set failures = ${state.failures}, pending = ${state.pending},
    pending_at = ${new Date(state.pendingAt)}, window_started_at = ${new Date(state.windowStartedAt)},
    locked_until = ${state.lockedUntil === null ? null : new Date(state.lockedUntil)},
    expires_at = ${expires === null ? null : new Date(expires)}
    where kind = ${key.kind} and subject = ${key.subject}`.execute(trx);
}
