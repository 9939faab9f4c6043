import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/platform/db/database';
import { cpuSeconds } from './stats';

/** What a run of requests cost, in all and per 2xx answer: where the time goes. */
export interface RequestCost {
  /** CPU of the server process (its /proc stat), ms per answer. */
  serverCpuMs: number;
  /** CPU of the database's backends serving this database, ms per answer. */
  databaseCpuMs: number;
  /** Transactions the database committed or rolled back (each autocommit statement is one), per answer. */
  transactions: number;
  /** WAL written, KB per answer. */
  walKb: number;
}

/** A process's CPU in ms so far, 0 once it has gone (a backend that closed during the run). */
function cpuMs(pid: number): number {
  try {
    return cpuSeconds(pid) * 1000;
  } catch {
    return 0;
  }
}

async function snapshot(db: Db, serverPid: number) {
  const row = (
    await sql<{ pids: number[]; xacts: string; lsn: string }>`select
      (select coalesce(json_agg(pid), '[]') from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as pids,
      (select (xact_commit + xact_rollback)::text from pg_stat_database where datname = current_database()) as xacts,
      pg_current_wal_lsn()::text as lsn`.execute(db)
  ).rows[0] as { pids: number[]; xacts: string; lsn: string };
  const backends = new Map<number, number>();
  for (const pid of row.pids) backends.set(pid, cpuMs(pid));
  return { server: cpuMs(serverPid), backends, xacts: Number(row.xacts), lsn: row.lsn };
}

/**
 * Runs `load` and reads what it cost the server and the database, divided by `answered(result)`.
 * Backends are those of this database before and after (the server's pool keeps its connections,
 * so the same ones); the reading's own statements are taken off the count.
 */
export async function withCost<T>(
  db: Db,
  serverPid: number,
  load: () => Promise<T>,
  answered: (result: T) => number,
): Promise<T & { cost: RequestCost }> {
  const before = await snapshot(db, serverPid);
  const result = await load();
  const after = await snapshot(db, serverPid);
  let databaseCpu = 0;
  for (const [pid, ms] of after.backends) databaseCpu += ms - (before.backends.get(pid) ?? 0);
  const wal = Number(
    (await sql<{ bytes: string }>`select pg_wal_lsn_diff(${after.lsn}::pg_lsn, ${before.lsn}::pg_lsn)::text as bytes`.execute(db)).rows[0]
      ?.bytes ?? 0,
  );
  const n = Math.max(1, answered(result));
  return {
    ...result,
    cost: {
      serverCpuMs: (after.server - before.server) / n,
      databaseCpuMs: databaseCpu / n,
      transactions: (after.xacts - before.xacts - 2) / n,
      walKb: wal / 1024 / n,
    },
  };
}
