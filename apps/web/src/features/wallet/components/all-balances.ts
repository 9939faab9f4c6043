import { type BalancesReply, CURRENCY_CODES, type Currency } from '@wallet/contract';

export type BalanceRow = { currency: Currency; balance: string; estimate: string; empty: boolean };

/**
 * One row per currency the product knows, in the contract's order: the server lists only the
 * currencies a wallet has touched, and the home screen shows the others as zero.
 */
export function allBalances(reply: BalancesReply): BalanceRow[] {
  const held = new Map(reply.balances.map((row) => [row.currency, row]));
  return CURRENCY_CODES.map((currency) => {
    const row = held.get(currency);
    const balance = row?.balance ?? '0';
    return { currency, balance, estimate: row?.estimate ?? '0', empty: isZero(balance) };
  });
}

/**
 * Whether a plain decimal string (what the balances reply is checked to carry) is zero: it has no
 * digit but 0. Read on the digits, so home needs no decimal.js.
 */
function isZero(plain: string): boolean {
  return !/[1-9]/.test(plain);
}

/** What the wallet holds of one currency, '0' when it never held any. */
export function availableOf(reply: BalancesReply | undefined, currency: Currency): string {
  return reply?.balances.find((row) => row.currency === currency)?.balance ?? '0';
}
