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

async function snapshot(db: Db, serverPids: readonly number[]) {
  const row = (
    await sql<{ pids: number[]; xacts: string; lsn: string }>`select
      (select coalesce(json_agg(pid), '[]') from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as pids,
      (select (xact_commit + xact_rollback)::text from pg_stat_database where datname = current_database()) as xacts,
      pg_current_wal_lsn()::text as lsn`.execute(db)
  ).rows[0] as { pids: number[]; xacts: string; lsn: string };
  const backends = new Map<number, number>();
  for (const pid of row.pids) backends.set(pid, cpuMs(pid));
  return {
    server: serverPids.reduce((ms, pid) => ms + cpuMs(pid), 0),
    backends,
    xacts: Number(row.xacts),
    lsn: row.lsn,
    at: performance.now(),
  };
}

/** What a whole run cost: the servers' CPU, the database backends' CPU, transactions and WAL, over its wall time. */
export interface RunCost {
  seconds: number;
  serverCpuMs: number;
  databaseCpuMs: number;
  transactions: number;
  walKb: number;
}

/**
 * Runs `load` and reads what it cost the servers (`serverPids`, summed) and the database. Backends
 * are those of this database before and after (the servers' pools keep their connections, so the
 * same ones); the reading's own statements are taken off the count.
 */
export async function runCost<T>(db: Db, serverPids: readonly number[], load: () => Promise<T>): Promise<{ result: T; cost: RunCost }> {
  const before = await snapshot(db, serverPids);
  const result = await load();
  const after = await snapshot(db, serverPids);
  let databaseCpu = 0;
  for (const [pid, ms] of after.backends) databaseCpu += ms - (before.backends.get(pid) ?? 0);
  const wal = Number(
    (await sql<{ bytes: string }>`select pg_wal_lsn_diff(${after.lsn}::pg_lsn, ${before.lsn}::pg_lsn)::text as bytes`.execute(db)).rows[0]
      ?.bytes ?? 0,
  );
  return {
    result,
    cost: {
      seconds: (after.at - before.at) / 1000,
      serverCpuMs: after.server - before.server,
      databaseCpuMs: databaseCpu,
      transactions: after.xacts - before.xacts - 2,
      walKb: wal / 1024,
    },
  };
}

/** Runs `load` on one server and reads what it cost, per request: runCost divided by `answered(result)`. */
export async function withCost<T>(
  db: Db,
  serverPid: number,
  load: () => Promise<T>,
  answered: (result: T) => number,
): Promise<T & { cost: RequestCost }> {
  const { result, cost } = await runCost(db, [serverPid], load);
  const n = Math.max(1, answered(result));
  return {
    ...result,
    cost: {
      serverCpuMs: cost.serverCpuMs / n,
      databaseCpuMs: cost.databaseCpuMs / n,
      transactions: cost.transactions / n,
      walKb: cost.walKb / n,
    },
  };
}
