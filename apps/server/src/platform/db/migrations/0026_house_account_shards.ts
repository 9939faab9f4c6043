import { type Kysely, sql } from 'kysely';

/**
 * House accounts in shards (ADR 0007): a system account with no balance limit (exchange
 * desk, fee revenue, rewards expense, chain inbound, payout desk) becomes several rows of the same
 * owner, currency and purpose, told apart by `shard`; a posting locks whichever shard is free, and
 * the house account's balance is the sum of its shards. Existing rows become shard 0; the ledger
 * makes the others when it first uses the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts
    add column house boolean not null default false,
    add column shard smallint not null default 0,
    add constraint ledger_accounts_only_house_shards check (house or shard = 0),
    add constraint ledger_accounts_house_is_system check (not house or user_id is null)`.execute(db);
  await sql`update ledger_accounts set house = true
    where user_id is null and (purpose in ('exchange_desk', 'fee_revenue', 'rewards_expense', 'payout_desk')
      or purpose like 'chain_inbound:%')`.execute(db);
  await sql`drop index ledger_accounts_owner_key`.execute(db);
  await sql`create unique index ledger_accounts_owner_key on ledger_accounts
    (coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, purpose, shard)`.execute(db);
}

/** Only while no posting has used a shard past 0: entries are history and keep naming their shard. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ledger_accounts a where a.shard > 0 and a.version = 0`.execute(db);
  await sql`drop index ledger_accounts_owner_key`.execute(db);
  await sql`create unique index ledger_accounts_owner_key on ledger_accounts
    (coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, purpose)`.execute(db);
  await sql`alter table ledger_accounts drop column shard, drop column house`.execute(db);
}
