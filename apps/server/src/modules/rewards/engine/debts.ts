import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import type { Trx } from './queries';

/**
 * Amounts owed after a clawback (reward_debts, one row per member and currency) and their history
 * (reward_debt_changes). What a clawback could not take from the wallet is added here; the next
 * rewards in that currency pay it off first (offset) before anything reaches the wallet.
 *
 * The debt row is also the lock that orders the engine's writers on one member's money: the processor
 * (clawbacks) and the releasers (offsets) both lock the debt rows they touch, all in one statement in
 * (user, currency) order, before the ledger locks the wallets. So they queue, never deadlock.
 */

export const debtKey = (userId: string, currency: string) => `${userId}:${currency}`;

export interface DebtChange {
  userId: string;
  currency: string;
  /** Positive: owed more (a clawback short of funds); negative: paid off by a reward (offset). */
  delta: Decimal;
  rewardId: string;
  reason: 'clawback' | 'offset';
}

/**
 * Locks the debt rows of these members and currencies and returns what each owes (0 when none).
 * `create` makes the missing rows first (at 0), so a clawback about to add to one holds it too.
 */
export async function lockDebts(
  trx: Trx,
  keys: Array<{ userId: string; currency: string }>,
  { create }: { create: boolean },
): Promise<Map<string, Decimal>> {
  const unique = [...new Map(keys.map((k) => [debtKey(k.userId, k.currency), k])).values()];
  const owed = new Map<string, Decimal>();
  if (unique.length === 0) return owed;
  const users = unique.map((k) => k.userId);
  const currencies = unique.map((k) => k.currency);
  if (create) {
    await sql`insert into reward_debts (user_id, currency, amount)
      select user_id, currency, 0 from unnest(${users}::uuid[], ${currencies}::text[]) as v(user_id, currency)
      order by user_id, currency
      on conflict do nothing`.execute(trx);
  }
  const rows = await sql<{ user_id: string; currency: string; amount: string }>`
    select d.user_id, d.currency, d.amount::text from reward_debts d
    join unnest(${users}::uuid[], ${currencies}::text[]) as v(user_id, currency) on d.user_id = v.user_id and d.currency = v.currency
    order by d.user_id, d.currency
    for update of d`.execute(trx);
  for (const row of rows.rows) owed.set(debtKey(row.user_id, row.currency), new Decimal(row.amount));
  return owed;
}

/** Writes the debts' new amounts (rows locked by lockDebts) and one history row per change. */
export async function writeDebts(trx: Trx, owed: Map<string, Decimal>, changes: DebtChange[]): Promise<void> {
  if (changes.length === 0) return;
  const touched = new Map(changes.map((c) => [debtKey(c.userId, c.currency), c]));
  const finals = [...touched].map(([key, c]) => ({ userId: c.userId, currency: c.currency, amount: (owed.get(key) as Decimal).toFixed() }));
  await sql`insert into reward_debts (user_id, currency, amount)
    select * from unnest(${finals.map((f) => f.userId)}::uuid[], ${finals.map((f) => f.currency)}::text[], ${finals.map((f) => f.amount)}::numeric[])
    on conflict (user_id, currency) do update set amount = excluded.amount`.execute(trx);
  await trx
    .insertInto('reward_debt_changes')
    .values(
      changes.map((c) => ({ user_id: c.userId, currency: c.currency, delta: c.delta.toFixed(), reward_id: c.rewardId, reason: c.reason })),
    )
    .execute();
}
