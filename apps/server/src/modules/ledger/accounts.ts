import type { Currency } from '@wallet/contract';
import type { Executor } from '../../platform/db/database';

/** System accounts carry the other side of every user balance. */
export const SYSTEM_PURPOSES = {
  chainInbound: (network: string) => `chain_inbound:${network}`,
  withdrawalsInFlight: 'withdrawals_in_flight',
  chainOutbound: (network: string) => `chain_outbound:${network}`,
  feeRevenue: 'fee_revenue',
  exchangeDesk: 'exchange_desk',
  adjustments: 'adjustments',
  cardFloat: 'card_float',
  rewardsExpense: 'rewards_expense',
  /** USDT bought by the flash exchange desk, which paid the member's CNY out. */
  payoutDesk: 'payout_desk',
} as const;

export const USER_WALLET = 'wallet';

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

/** The id of an account, created on first use. */
export async function accountId(db: Executor, key: AccountKey): Promise<string> {
  const name = `${key.userId ?? ''}|${key.currency}|${key.purpose}`;
  // Per database handle: tests (and tools) may hold several databases in one process.
  let known = knownByDatabase.get(db);
  if (!known) {
    known = new Map();
    knownByDatabase.set(db, known);
  }
  const cached = known.get(name);
  if (cached) return cached;
  const id = await findOrCreate(db, key);
  if (!db.isTransaction) {
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(name, id);
  }
  return id;
}

/** Looks first: an account exists almost always, and an insert that conflicts still costs a write. */
async function findOrCreate(db: Executor, key: AccountKey): Promise<string> {
  const found = await find(db, key);
  if (found) return found;
  await db
    .insertInto('ledger_accounts')
    .values({ user_id: key.userId, currency: key.currency, purpose: key.purpose })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Read again rather than from the insert: one made alongside by another request is found the same way.
  const made = await find(db, key);
  if (!made) throw new Error(`ledger: account ${key.userId ?? 'system'}|${key.currency}|${key.purpose} could not be made`);
  return made;
}

async function find(db: Executor, key: AccountKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where((eb) => (key.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', key.userId)))
    .where('currency', '=', key.currency)
    .where('purpose', '=', key.purpose)
    .executeTakeFirst();
  return row?.id;
}
