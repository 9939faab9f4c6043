import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { buildSnapshot } from '../../apps/server/src/modules/books/reserves/snapshot';
import { type Db, openDatabase } from '../../apps/server/src/platform/db/database';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { benchDatabase } from './database';

/**
 * Proof of reserves on 1,000,000 members (issue 45): the snapshot (every member total read at one
 * point, a Merkle sum tree per currency built, every leaf and level written) against a baseline of a
 * plain SHA-256 of the same leaves' bytes, one hash a leaf, no tree and no writes. Seeding is not timed.
 */
export interface ReservesFigures {
  members: number;
  /** Leaves committed: a member's total per currency they hold. */
  leaves: number;
  seconds: number;
  baselineSeconds: number;
  seedSeconds: number;
}

const SEED_CHUNK = 100_000;

/**
 * In a database of its own, made and dropped here: a million members with balances but no journals
 * would read as ledger violations to the checks the other parts run, and deleting them row by row
 * costs more than the snapshot.
 */
export async function reservesBench(members = 1_000_000): Promise<ReservesFigures> {
  const database = await benchDatabase();
  const handle = openDatabase(database.url, 4);
  try {
    await migrateToLatest(handle.db);
    return await measured(handle.db, members);
  } finally {
    await handle.close();
    await database.close();
  }
}

async function measured(db: Db, members: number): Promise<ReservesFigures> {
  const seeding = performance.now();
  await seedMembers(db, members);
  const seedSeconds = (performance.now() - seeding) / 1000;

  const started = performance.now();
  const snapshot = await buildSnapshot(
    { db, sources: [], logger: pino({ level: process.env.BENCH_RESERVES_LOG ?? 'silent' }) },
    { cutoffAt: new Date() },
  );
  const seconds = (performance.now() - started) / 1000;
  if (snapshot?.status !== 'published') throw new Error('reserves bench: the snapshot was not published');
  const leaves = Object.values(snapshot.trees).reduce((n, tree) => n + tree.leaves, 0);

  const baselineSeconds = await plainHashSeconds(db, snapshot.id);
  return { members, leaves, seconds, baselineSeconds, seedSeconds };
}

/**
 * Members straight into users and a wallet account each (USDT, one in five also USD), in chunks of
 * one statement; balances in the currency's precision, some zero. Bypasses the ledger on purpose: the
 * bench measures the snapshot's read of balances, not how they got there.
 */
async function seedMembers(db: Db, count: number): Promise<void> {
  for (let start = 0; start < count; start += SEED_CHUNK) {
    const end = Math.min(count, start + SEED_CHUNK);
    await sql`with made as (
        insert into users (uid, email, password_hash, bound_network, bound_address, invite_code)
        select (70000000 + n)::text, 'bench-reserves-' || n || '@example.com', 'x', 'BSC', '0x' || lpad(to_hex(n), 40, '0'), 'RS' || n
        from generate_series(${start}::int, ${end - 1}::int) as n
        returning id, uid::bigint - 70000000 as n)
      insert into ledger_accounts (user_id, currency, purpose, balance)
      select id, 'USDT', 'wallet', case when n % 10 = 0 then 0 else (n % 100000) + (n % 997) / 1000.0 end from made
      union all
      select id, 'USD', 'wallet', (n % 5000) + (n % 89) / 100.0 from made where n % 5 = 0`.execute(db);
  }
  await sql`analyze users`.execute(db);
  await sql`analyze ledger_accounts`.execute(db);
}

/** One SHA-256 (node:crypto) of each stored leaf's committed bytes: salt, UID, currency and balance, as the leaf encodes them. */
async function plainHashSeconds(db: Db, snapshotId: string): Promise<number> {
  const rows = await sql<{ salt: Buffer; uid: string; currency: string; units: string }>`
    select l.salt, u.uid, l.currency, l.units from reserves_leaves l join users u on u.id = l.user_id
    where l.snapshot_id = ${snapshotId}`.execute(db);
  const bytes = rows.rows.map((row) => {
    const uid = Buffer.from(row.uid);
    const currency = Buffer.from(row.currency);
    const units = Buffer.alloc(16);
    const value = BigInt(row.units);
    units.writeBigUInt64BE(value >> 64n, 0);
    units.writeBigUInt64BE(value & ((1n << 64n) - 1n), 8);
    const length = (n: number) => Buffer.of(n >> 8, n & 0xff);
    return Buffer.concat([Buffer.of(0), row.salt, length(uid.length), uid, length(currency.length), currency, units]);
  });
  const started = performance.now();
  let last = '';
  for (const leaf of bytes) last = createHash('sha256').update(leaf).digest('hex');
  const seconds = (performance.now() - started) / 1000;
  if (bytes.length > 0 && last.length !== 64) throw new Error('reserves bench: the baseline hashed nothing');
  return seconds;
}
