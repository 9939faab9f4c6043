import type { ReactNode } from 'react';
import styles from './order-head.module.css';

type Props = { amount: string; amountTestId: string; status: ReactNode; children?: ReactNode };

/** The top of an order's detail: its amount large, its status, and what the status means. */
export function OrderHead({ amount, amountTestId, status, children }: Props) {
  return (
    <div className={styles.head}>
      <p className={styles.amount} data-testid={amountTestId}>
        {amount}
      </p>
      {status}
      {children}
    </div>
  );
}
