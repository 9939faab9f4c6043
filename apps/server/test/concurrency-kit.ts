import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database';

/**
 * Small tools for tests that fire many requests at once: a seeded random source (a run can be
 * repeated), a lock per key (requests of one user or one card taken in turn while others overlap),
 * a wait for a statement stuck on a row lock, and the log lines that must never appear.
 */

/** mulberry32: a tiny seeded generator, enough to make a test's plan repeatable. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** One holder at a time per key; waiters go in arrival order. */
export class KeyedLock {
  private tails = new Map<string, Promise<void>>();

  async run<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    // Several keys are always taken in the same (sorted) order, so two holders never wait on each other.
    const sorted = [...new Set(keys)].sort();
    const releases: Array<() => void> = [];
    for (const key of sorted) {
      const before = this.tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = before.then(() => mine);
      this.tails.set(key, tail);
      await before;
      releases.push(() => {
        release();
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
    }
    try {
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }
}

/** Waits until some other session of this database waits on a lock in a statement containing `needle`. */
export async function waitForLockWaiter(db: Db, needle: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and wait_event_type = 'Lock' and query ilike ${`%${needle}%`}`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) return;
    if (Date.now() - started > timeoutMs) {
      const sessions = await sql<Record<string, unknown>>`
        select state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
      throw new Error(`no statement on "${needle}" waited for a lock within ${timeoutMs} ms: ${JSON.stringify(sessions.rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Log lines of errors (level 50 and above) or of a deadlock (SQLSTATE 40P01): a sound run writes none. */
export function troubleIn(logs: string[]): string[] {
  return logs.filter((line) => {
    if (line.includes('40P01') || /deadlock/i.test(line)) return true;
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
}
