import { type BalancesReply, CURRENCIES, type Currency, Decimal, type DisplayCurrency } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { readCaches } from '../../platform/read-caches';
import { findUserDisplayCurrency } from '../auth/service';
import { walletBalances } from '../ledger';
import { midRate, usdPrices } from './rates';

/** Every balance, and its value in the user's display currency (rounded down: never overstate). */
export async function balancesOf(db: Db, userId: string, displayCurrency: DisplayCurrency): Promise<BalancesReply> {
  const [balances, prices] = await Promise.all([walletBalances(db, userId), estimatePrices(db)]);
  const precision = CURRENCIES[displayCurrency].precision;
  let total = new Decimal(0);
  const rows = balances
    .sort((a, b) => Object.keys(CURRENCIES).indexOf(a.currency) - Object.keys(CURRENCIES).indexOf(b.currency))
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
  const user = await findUserDisplayCurrency(db, userId);
  return balancesOf(db, userId, user.display_currency as DisplayCurrency);
}
