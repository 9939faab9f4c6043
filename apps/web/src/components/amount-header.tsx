import type { ReactNode } from 'react';
import styles from './amount-header.module.css';

type Props = {
  label: ReactNode;
  amount: string;
  currency: string;
  /** Colours the amount: green for money in, red for money out; none for an amount that moved nothing. */
  direction?: 'in' | 'out';
  labelTestId?: string;
  amountTestId?: string;
};

/** The top of a detail page: what it was, and the amount large. */
export function AmountHeader({ label, amount, currency, direction, labelTestId, amountTestId }: Props) {
  return (
    <div className={styles.header}>
      <p className={styles.label} data-testid={labelTestId}>
        {label}
      </p>
      <p className={direction ? `${styles.amount} ${styles[direction]}` : styles.amount} data-testid={amountTestId}>
        {amount} <small>{currency}</small>
      </p>
    </div>
  );
}
