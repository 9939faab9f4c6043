import type { Currency } from '@wallet/contract';
import { type AccountKey, accountIds, SYSTEM_PURPOSES, USER_WALLET } from '../../ledger';
import type { Trx } from './queries';

/**
 * The ledger accounts a batch of rewards moves between: each beneficiary's wallet and the rewards
 * expense house account, per currency. Asked once per distinct account (a batch of a thousand rewards
 * names the expense account a thousand times), in the batch's transaction, made on first use.
 */
export async function rewardAccounts(trx: Trx, owners: Array<{ userId: string; currency: string }>) {
  const keys = new Map<string, AccountKey>();
  for (const { userId, currency } of owners) {
    keys.set(`w:${userId}:${currency}`, { userId, currency: currency as Currency, purpose: USER_WALLET });
    keys.set(`h:${currency}`, { userId: null, currency: currency as Currency, purpose: SYSTEM_PURPOSES.rewardsExpense });
  }
  const names = [...keys.keys()];
  const ids = await accountIds(trx, [...keys.values()]);
  const byName = new Map(names.map((name, i) => [name, ids[i] as string]));
  return {
    wallet: (userId: string, currency: string) => byName.get(`w:${userId}:${currency}`) as string,
    expense: (currency: string) => byName.get(`h:${currency}`) as string,
  };
}
