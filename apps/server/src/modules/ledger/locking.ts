import { randomInt } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { HOUSE_SHARDS } from './accounts';
import type { Posting } from './postings';

/** An account as the ledger works on it; `readVersion` is its version when read, which a write checks (see batchWriteCtes). */
export type AccountState = { userId: string | null; currency: string; balance: Decimal; version: bigint; readVersion: bigint };

export type AccountRow = { id: string; user_id: string | null; currency: string; balance: string; version: string };
export const accountState = (r: AccountRow): AccountState => {
  const version = BigInt(r.version);
  return { userId: r.user_id, currency: r.currency, balance: new Decimal(r.balance), version, readVersion: version };
};

export interface Locked {
  /** Each locked row by its own id: a house account by the shard that was free. */
  state: Map<string, AccountState>;
  /** The id each asked-for account was locked as: itself, or the shard taken for a house account. */
  lockedAs: Map<string, string>;
  /** Of the idempotency keys asked about, those already in the ledger. */
  known: Set<string>;
}

export const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
const SYSTEM_OWNER = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * Locks the accounts a posting (or a batch) moves, in one statement with the keys already used:
 * every other account first, in id order, waiting for each as it must (two postings that share one
 * always queue in the same order, so never deadlock); then, for each house account, one of its
 * shards that no other transaction holds (SKIP LOCKED), starting at a random shard so concurrent
 * postings spread out. A house shard is never waited for, so members' requests never queue on the
 * exchange desk or fee revenue. Only if every shard of one is held at once (more transactions
 * posting to it than HOUSE_SHARDS) does a second statement wait for the shard asked for, after all
 * else is locked. Unknown ids are left out of `lockedAs`.
 */
export async function lockAccounts(trx: Transaction<Database>, ids: Iterable<string>, keys: readonly string[] = []): Promise<Locked> {
  const asked = [...new Set(ids)].sort(byId);
  const start = randomInt(HOUSE_SHARDS);
  const row = (
    await sql<{ known: string[]; accounts: Array<AccountRow & { asked: string }> }>`
      with members as (
        select id, id as asked, user_id, currency, balance, version from ledger_accounts
        where id = any(${asked}::bigint[]) and not house order by id for update
      ), house as (
        select s.id, h.id as asked, s.user_id, s.currency, s.balance, s.version
        from ledger_accounts h cross join lateral (
          select id, user_id, currency, balance, version from ledger_accounts s
          where coalesce(s.user_id, ${SYSTEM_OWNER}) = ${SYSTEM_OWNER} and s.currency = h.currency and s.purpose = h.purpose
          order by s.shard < ${start}, s.shard
          for update skip locked limit 1
        ) s
        where h.id = any(${asked}::bigint[]) and h.house
      ), locked as (select * from members union all select * from house)
      select (select coalesce(json_agg(idempotency_key), '[]') from ledger_journal
          where idempotency_key = any(${[...new Set(keys)]}::text[])) as known,
        (select coalesce(json_agg(json_build_object('asked', asked::text, 'id', id::text, 'user_id', user_id,
          'currency', currency, 'balance', balance::text, 'version', version::text)), '[]') from locked) as accounts`.execute(trx)
  ).rows[0] as { known: string[]; accounts: Array<AccountRow & { asked: string }> };
  const rows = row.accounts;
  const found = new Set(rows.map((r) => r.asked));
  const waitFor = asked.filter((id) => !found.has(id));
  if (waitFor.length > 0) {
    const waited = await sql<AccountRow>`select id::text, user_id, currency, balance::text, version::text from ledger_accounts
      where id = any(${waitFor}::bigint[]) order by id for update`.execute(trx);
    rows.push(...waited.rows.map((r) => ({ ...r, asked: r.id })));
  }
  return {
    state: new Map(rows.map((r) => [r.id, accountState(r)])),
    lockedAs: new Map(rows.map((r) => [r.asked, r.id])),
    known: new Set(row.known),
  };
}

/** The posting with each leg on the account it was locked as (a house account's shard). */
export function onLockedAccounts(posting: Posting, lockedAs: ReadonlyMap<string, string>): Posting {
  return { ...posting, legs: posting.legs.map((leg) => ({ ...leg, accountId: lockedAs.get(leg.accountId) ?? leg.accountId })) };
}
