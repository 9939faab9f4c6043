import { CURRENCIES, type Currency, fromUnits } from '@wallet/contract';
import { formatMoney } from '../../lib/format';

const known = (currency: string): currency is Currency => Object.hasOwn(CURRENCIES, currency);

/** An amount of a snapshot with its currency, exactly as published; a currency this build does not know shows as it came. */
export function money(amount: string, currency: string): string {
  return `${known(currency) ? formatMoney(amount, currency) : amount} ${currency}`;
}

/** A sum of the tree (in the currency's smallest unit) as an amount of that currency. */
export function unitsMoney(units: string, currency: string): string {
  if (!known(currency) || !/^\d+$/.test(units)) return `${units} ${currency}`;
  return money(fromUnits(BigInt(units), currency), currency);
}
