import type { Currency } from '@wallet/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';

/** System accounts carry the other side of every user balance. */
export const SYSTEM_PURPOSES = {
  chainInbound: (network: string) => `chain_inbound:${network}`,
  withdrawalsInFlight: 'withdrawals_in_flight',
  chainOutbound: (network: string) => `chain_outbound:${network}`,
  /**
   * Money the platform itself put into (negative) or took out of its wallets on a network, booked to fix
   * a reconciliation break (issue 45): with chain_inbound and chain_outbound, what the wallets should hold.
   */
  chainTreasury: (network: string) => `chain_treasury:${network}`,
  feeRevenue: 'fee_revenue',
  exchangeDesk: 'exchange_desk',
  adjustments: 'adjustments',
  cardFloat: 'card_float',
  rewardsExpense: 'rewards_expense',
  /** USDT bought by the flash exchange desk, which paid the member's CNY out. */
  payoutDesk: 'payout_desk',
  /** Private placement (issue 44): takes the buyers' USDT and issues each round's SBC. */
  placementDesk: 'placement_desk',
  /** Takes the USDT of node purchases and of approved large-node applications. */
  nodeDesk: 'node_desk',
  /** The SBC D-pool: each period's total is recorded against it, and its share leaves for the reward pool. */
  dpool: 'dpool',
  /** Pays large-node holders; keeps what rounding has not paid yet (the holders' carries). */
  nodeRewardPool: 'node_reward_pool',
} as const;

/** A member's SBC bought in private placement and not yet distributed (awaiting distribution). */
export const USER_PLACEMENT = 'placement';

export const USER_WALLET = 'wallet';

/**
 * House accounts: system accounts with no balance limit that members' requests credit or debit
 * all at once. Each is HOUSE_SHARDS rows (shards) of one owner, currency and purpose; a posting
 * takes whichever shard no one else holds (locking.ts), so members never queue on one row, and the
 * house account's balance is the sum of its shards (houseBalance). More shards than connections
 * that post at once (DATABASE_POOL_MAX per server process, times the processes) keeps a free one
 * always there. ADR 0007.
 */
export const HOUSE_SHARDS = 64;
const HOUSE_PURPOSES: ReadonlySet<string> = new Set([
  SYSTEM_PURPOSES.exchangeDesk,
  SYSTEM_PURPOSES.feeRevenue,
  SYSTEM_PURPOSES.rewardsExpense,
  SYSTEM_PURPOSES.payoutDesk,
  SYSTEM_PURPOSES.placementDesk,
  SYSTEM_PURPOSES.nodeDesk,
]);
export const isHouse = (key: Pick<AccountKey, 'userId' | 'purpose'>) =>
  key.userId === null && (HOUSE_PURPOSES.has(key.purpose) || key.purpose.startsWith(SYSTEM_PURPOSES.chainInbound('')));

export interface AccountKey {
  userId: string | null;
  currency: Currency;
  purpose: string;
}

/**
 * Account ids never change once made, so those read outside a transaction (committed for sure) are
 * kept: money requests then spend no round trips finding accounts. Bounded; a miss just reads again.
 */
const knownByDatabase = new WeakMap<object, Map<string, string>>();
const KNOWN_MAX = 200_000;

const nameOf = (key: AccountKey) => `${key.userId ?? ''}|${key.currency}|${key.purpose}`;

/** Per database handle: tests (and tools) may hold several databases in one process. */
function knownOf(db: Executor): Map<string, string> {
  let known = knownByDatabase.get(db);
  if (!known) {
    known = new Map();
    knownByDatabase.set(db, known);
  }
  return known;
}

function remember(db: Executor, known: Map<string, string>, name: string, id: string) {
  if (db.isTransaction) return;
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(name, id);
}

/** The id of an account, created on first use. */
export async function accountId(db: Executor, key: AccountKey): Promise<string> {
  const name = nameOf(key);
  const known = knownOf(db);
  const cached = known.get(name);
  if (cached) return cached;
  const id = await findOrCreate(db, key);
  remember(db, known, name, id);
  return id;
}

/**
 * The ids of many accounts (in the order of `keys`), created on first use, as `accountId` makes
 * them but in three statements at most however many there are: a batch of deposits finds its
 * members' wallets in one round trip. Call it outside the money transaction, so the accounts are
 * committed (and kept) before that transaction locks them.
 */
export async function accountIds(db: Executor, keys: readonly AccountKey[]): Promise<string[]> {
  const known = knownOf(db);
  const ids = new Map<string, string>();
  const wanted = new Map<string, AccountKey>();
  for (const key of keys) {
    const name = nameOf(key);
    const cached = known.get(name);
    if (cached) ids.set(name, cached);
    else wanted.set(name, key);
  }
  if (wanted.size > 0) {
    for (const [name, id] of await findMany(db, [...wanted.values()])) ids.set(name, id);
    // Made in one order (by name), so two callers making overlapping accounts never wait on each other in turn.
    const absent = [...wanted.keys()].filter((name) => !ids.has(name)).sort();
    if (absent.length > 0) {
      const made = absent.map((name) => wanted.get(name) as AccountKey);
      await makeAccounts(db, made);
      // Read again rather than from the insert: those made alongside by another request are found the same way.
      for (const [name, id] of await findMany(db, made)) ids.set(name, id);
    }
    for (const name of wanted.keys()) {
      const id = ids.get(name);
      if (id) remember(db, known, name, id);
    }
  }
  return keys.map((key) => {
    const id = ids.get(nameOf(key));
    if (!id) throw new Error(`ledger: account ${key.userId ?? 'system'}|${key.currency}|${key.purpose} could not be made`);
    return id;
  });
}

/**
 * The accounts of these keys that exist, by name; one probe of the owner key's index each. A plain
 * read, never an insert that conflicts: that would wait for any transaction writing one of the rows.
 */
async function findMany(db: Executor, keys: readonly AccountKey[]): Promise<Map<string, string>> {
  const rows = await sql<{ id: string; user_id: string | null; currency: string; purpose: string }>`
    select a.id::text, a.user_id, a.currency, a.purpose
    from unnest(${keys.map((k) => k.userId)}::uuid[], ${keys.map((k) => k.currency)}::text[], ${keys.map((k) => k.purpose)}::text[])
      as v(user_id, currency, purpose)
    join ledger_accounts a on coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(v.user_id, '00000000-0000-0000-0000-000000000000'::uuid)
      and a.currency = v.currency and a.purpose = v.purpose and a.shard = 0
    -- A house account counts as found once all its shards are there: one made before it had shards gets the rest.
    where not a.house or (select count(*) from ledger_accounts s where coalesce(s.user_id, '00000000-0000-0000-0000-000000000000'::uuid)
      = '00000000-0000-0000-0000-000000000000'::uuid and s.currency = a.currency and s.purpose = a.purpose) >= ${HOUSE_SHARDS}`.execute(db);
  return new Map(rows.rows.map((r) => [`${r.user_id ?? ''}|${r.currency}|${r.purpose}`, r.id]));
}

/** Looks first: an account exists almost always, and an insert that conflicts still costs a write. */
async function findOrCreate(db: Executor, key: AccountKey): Promise<string> {
  const found = await find(db, key);
  if (found) return found;
  await makeAccounts(db, [key]);
  // Read again rather than from the insert: one made alongside by another request is found the same way.
  const made = await find(db, key);
  if (!made) throw new Error(`ledger: account ${key.userId ?? 'system'}|${key.currency}|${key.purpose} could not be made`);
  return made;
}

/** Makes the accounts that do not exist yet: one row each, or HOUSE_SHARDS rows for a house account. */
async function makeAccounts(db: Executor, keys: readonly AccountKey[]) {
  const house = keys.map(isHouse);
  await sql`insert into ledger_accounts (user_id, currency, purpose, house, shard)
    select v.user_id, v.currency, v.purpose, v.house, s.shard
    from unnest(${keys.map((k) => k.userId)}::uuid[], ${keys.map((k) => k.currency)}::text[], ${keys.map((k) => k.purpose)}::text[],
      ${house}::boolean[], ${house.map((h) => (h ? HOUSE_SHARDS : 1))}::integer[]) as v(user_id, currency, purpose, house, shards)
    cross join lateral generate_series(0, v.shards - 1) as s(shard)
    order by v.purpose, v.currency, s.shard
    on conflict do nothing`.execute(db);
}

async function find(db: Executor, key: AccountKey): Promise<string | undefined> {
  return (await findMany(db, [key])).get(nameOf(key));
}
