import { type BalancesReply, CURRENCIES, type Currency, Decimal, type DisplayCurrency } from '@wallet/contract';
import { batchedRead } from '../../platform/batched-read';
import type { Db } from '../../platform/db/database';
import { readCaches } from '../../platform/read-caches';
import { findUsersDisplayCurrencies } from '../auth/service';
import { type Balance, walletBalancesOfMany } from '../ledger';
import { midRate, usdPrices } from './rates';

const CURRENCY_ORDER = Object.keys(CURRENCIES);

/** Every balance, and its value in the user's display currency (rounded down: never overstate). */
function balancesReply(
  balances: readonly Balance[],
  prices: ReadonlyMap<Currency, Decimal>,
  displayCurrency: DisplayCurrency,
): BalancesReply {
  const precision = CURRENCIES[displayCurrency].precision;
  let total = new Decimal(0);
  const rows = [...balances]
    .sort((a, b) => CURRENCY_ORDER.indexOf(a.currency) - CURRENCY_ORDER.indexOf(b.currency))
    .map((b) => {
      const rate = midRate(prices, b.currency, displayCurrency) ?? new Decimal(0);
      const value = new Decimal(b.balance).mul(rate);
      total = total.plus(value);
      return {
        currency: b.currency,
        balance: b.balance,
        estimate: value.toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed(precision),
      };
    });
  return { displayCurrency, totalEstimate: total.toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed(precision), balances: rows };
}

/** The prices of the estimates, read once for every member's balances while the rates stand (ADR 0004). */
function estimatePrices(db: Db): ReadonlyMap<Currency, Decimal> | Promise<ReadonlyMap<Currency, Decimal>> {
  const cache = readCaches(db)?.estimatePrices;
  return cache ? cache.get('usd', () => usdPrices(db)) : usdPrices(db);
}

/** The balances reply in the user's own display currency, from the read cache when it has it (then synchronously). */
export function cachedBalancesOf(db: Db, userId: string): BalancesReply | Promise<BalancesReply> {
  const cache = readCaches(db)?.balances;
  // Inline, not a named const: under tsx a named function made per request also costs a call that sets its name.
  return cache ? cache.get(userId, () => loadBalances(db, userId)) : loadBalances(db, userId);
}

async function loadBalances(db: Db, userId: string): Promise<BalancesReply> {
  const [member, prices] = await Promise.all([balanceFacts(db, userId), estimatePrices(db)]);
  return balancesReply(member.balances, prices, member.displayCurrency);
}

/** What a member's balances reply is made from, read with the other members' of this turn (batched-read.ts). */
const balanceFacts = batchedRead(async (db, userIds: readonly string[]) => {
  const [users, balances] = await Promise.all([findUsersDisplayCurrencies(db, userIds), walletBalancesOfMany(db, userIds)]);
  const displayCurrencies = new Map(users.map((user) => [user.id, user.display_currency as DisplayCurrency]));
  return userIds.map((id) => {
    const displayCurrency = displayCurrencies.get(id);
    if (displayCurrency === undefined) return new Error(`no user ${id}`);
    return { displayCurrency, balances: balances.get(id) ?? [] };
  });
});
