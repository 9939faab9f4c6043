import { Decimal, type PayoutTerms } from '@wallet/contract';

/** USDT that may still be sold today: the daily limit less what was sold, never below 0. */
export function remainingToday(terms: Pick<PayoutTerms, 'dailyLimit' | 'usedToday'>): string {
  return Decimal.max(0, new Decimal(terms.dailyLimit).minus(terms.usedToday)).toFixed();
}

/** A fee ratio as a percentage, exactly: "0.015" -> "1.5". */
export function feePercent(feeRate: string): string {
  return new Decimal(feeRate).times(100).toFixed();
}
