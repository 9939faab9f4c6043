import { CURRENCIES, Decimal, LIMITS } from '@wallet/contract';
import { type AmountIssue, checkAmountInput, maxAmount } from '../../../lib/amount-input';

export type RechargeSource = 'USDT' | 'HKD';
export type RechargeIssue = AmountIssue | { code: 'overWithFee'; currency: RechargeSource; available: string };

export const rechargeMinimum = (source: RechargeSource) =>
  source === 'HKD' ? LIMITS.cardRecharge.minimumHkd : LIMITS.cardRecharge.minimumUsdt;

/** The fee the server adds to a recharge: the product's rate, rounded up to what the currency keeps. */
export function rechargeFee(amount: string, feeRate: string, source: RechargeSource): Decimal {
  return new Decimal(amount).mul(feeRate).toDecimalPlaces(CURRENCIES[source].precision, Decimal.ROUND_UP);
}

/**
 * The largest whole recharge whose amount plus fee the wallet holds, or null below the minimum. The
 * fee is rounded up, so the first guess (balance / (1 + rate)) can be one too many: step down until
 * it fits, as the server would count it.
 */
export function maxRecharge(available: string, feeRate: string, source: RechargeSource): string | null {
  const balance = new Decimal(available);
  let amount = balance.div(new Decimal(1).plus(feeRate)).floor();
  while (amount.gt(0) && amount.plus(rechargeFee(amount.toFixed(), feeRate, source)).gt(balance)) amount = amount.minus(1);
  return amount.gte(rechargeMinimum(source)) ? amount.toFixed() : null;
}

/**
 * A typed recharge as the server will judge it: a whole number, at least the minimum, and with its
 * fee within the wallet balance (when the balance is known).
 */
export function checkRecharge(
  typed: string | undefined,
  { source, feeRate, available }: { source: RechargeSource; feeRate: string; available?: string },
): { ok: true; amount: string } | { ok: false; issue: RechargeIssue } {
  const checked = checkAmountInput(typed, source, { minimum: rechargeMinimum(source), decimals: 0 });
  if (!checked.ok || available === undefined) return checked;
  if (new Decimal(checked.amount).plus(rechargeFee(checked.amount, feeRate, source)).gt(available))
    return { ok: false, issue: { code: 'overWithFee', currency: source, available } };
  return checked;
}

/** A typed card to wallet: within the card balance and the card currency's cents. */
export const checkCardToWallet = (typed: string | undefined, currency: 'USD' | 'HKD', balance: string) =>
  checkAmountInput(typed, currency, { available: balance });

export const maxCardToWallet = (balance: string, currency: 'USD' | 'HKD') => maxAmount(balance, currency);
