import { CURRENCIES, Decimal, isCurrency } from '@wallet/contract';
import type { RewardEventKind } from '../../../platform/db/schema-rewards';

/** The ledger code of a reward (PRODUCT_SPEC.md section 4): spending pays 16 to the first level and 19 to the second. */
export function rewardTypeCode(kind: Exclude<RewardEventKind, 'card_refund'>, level: 1 | 2): number {
  switch (kind) {
    case 'card_opened':
      return 15;
    case 'physical_card_opened':
      return 121;
    case 'card_recharge':
      return 18;
    case 'card_spend':
      return level === 1 ? 16 : 19;
    case 'task':
      return 33;
  }
}

/**
 * An amount cut DOWN to what the currency keeps (spec43 "Money model"): a reward never pays a fraction
 * the ledger would refuse, and rounding never pays more than the rule gives.
 */
export function roundDown(value: Decimal, currency: string): Decimal {
  if (!isCurrency(currency)) throw new Error(`rewards: unknown currency ${currency}`);
  return value.toDecimalPlaces(CURRENCIES[currency].precision, Decimal.ROUND_DOWN);
}

export const ZERO = new Decimal(0);
