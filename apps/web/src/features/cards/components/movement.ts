import { isCurrency } from '@wallet/contract';
import type { TFunction } from 'i18next';
import { formatExactMoney, formatRate } from '../../../lib/format';

/** What a recharge or card to wallet moves, as quoted before the payment password or as it was done. */
export type Movement = {
  kind: 'recharge' | 'withdraw';
  /** What leaves: the wallet for a recharge (amount plus fee), the card for a card to wallet. */
  debited: string;
  debitedCurrency: string;
  /** Recharges only; '0' for a card to wallet. */
  fee: string;
  /** One `debitedCurrency` (before the fee) is worth this much `creditedCurrency`. */
  rate: string;
  credited: string;
  creditedCurrency: string;
};

/** An amount exactly as the server gave it, never rounded: "20.30". */
export const exact = (amount: string, currency: string) => (isCurrency(currency) ? formatExactMoney(amount, currency) : amount);

/** The same with its currency: "20.30 USDT". */
export const money = (amount: string, currency: string) => `${exact(amount, currency)} ${currency}`;

type Row = { key: 'debited' | 'fee' | 'rate' | 'credited'; label: string; value: string; strong?: boolean };

/**
 * The rows to show: a recharge's fee, what the wallet pays, the rate and what the card receives; a
 * card to wallet's amount off the card, its fee (none, shown so the member need not wonder), the rate
 * and what the wallet receives. The rate is left out
 * when nothing is converted (an HKD card and HKD); it reads with 4 decimals like every rate, and every
 * amount is the server's, never rounded.
 */
export function movementRows(m: Movement, t: TFunction): Row[] {
  const recharge = m.kind === 'recharge';
  const rows: Row[] = [];
  if (recharge) rows.push({ key: 'fee', label: t('cards.recharge.fee'), value: money(m.fee, m.debitedCurrency) });
  rows.push({
    key: 'debited',
    label: recharge ? t('cards.recharge.total') : t('cards.toWallet.debited'),
    value: money(m.debited, m.debitedCurrency),
  });
  if (!recharge) rows.push({ key: 'fee', label: t('cards.recharge.fee'), value: money(m.fee, m.debitedCurrency) });
  if (m.debitedCurrency !== m.creditedCurrency)
    rows.push({
      key: 'rate',
      label: t('cards.operation.rate'),
      value: `1 ${m.debitedCurrency} ≈ ${formatRate(m.rate)} ${m.creditedCurrency}`,
    });
  rows.push({
    key: 'credited',
    label: recharge ? t('cards.recharge.credited') : t('cards.toWallet.credited'),
    value: money(m.credited, m.creditedCurrency),
    strong: true,
  });
  return rows;
}
