import { Decimal } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import styles from './withdraw.module.css';

type Props = { amount: string | null; fee: string };

/**
 * What the withdrawal costs before it is confirmed: the fee, what arrives at the address (the
 * amount asked for) and what leaves the balance (amount plus fee). Dashes until the amount is valid.
 */
export function WithdrawSummary({ amount, fee }: Props) {
  const { t } = useTranslation();
  const show = (value: Decimal | string | null) => (value === null ? '—' : `${formatMoney(new Decimal(value).toFixed(), 'USDT')} USDT`);
  const rows = [
    { key: 'fee', label: t('withdraw.fee'), value: show(fee) },
    { key: 'arrives', label: t('withdraw.arrives'), value: show(amount) },
    { key: 'total', label: t('withdraw.total'), value: show(amount === null ? null : new Decimal(amount).plus(fee)) },
  ];
  return (
    <dl className={styles.summary} data-testid="withdraw-summary">
      {rows.map((row) => (
        <div key={row.key} className={row.key === 'total' ? `${styles.summaryRow} ${styles.summaryTotal}` : styles.summaryRow}>
          <dt>{row.label}</dt>
          <dd data-testid={`withdraw-${row.key}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
