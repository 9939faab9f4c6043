import type { CardTransaction } from '@wallet/contract';
import { formatExactMoney, formatSignedMoney } from '../../../lib/format';

/** What a transaction did to the card: the signed balance change, or for a decline (which moved nothing) the amount asked, unsigned. */
export function txAmountText(tx: CardTransaction): string {
  return tx.approved ? formatSignedMoney(tx.balanceChange, tx.currency).text : formatExactMoney(tx.amount, tx.currency);
}

export function txStatus(tx: CardTransaction) {
  if (!tx.approved) return { color: 'danger', label: 'cards.tx.declined' } as const;
  return tx.settled
    ? ({ color: 'success', label: 'cards.tx.settled' } as const)
    : ({ color: 'warning', label: 'cards.tx.unsettled' } as const);
}
