import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { LinkItem } from './link-item';
import styles from './order-rows.module.css';

/** A list of orders (withdrawals, flash exchanges) whose rows may wrap but never widen the page. */
export function OrderList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <List className={styles.list} data-testid={testId}>
      {children}
    </List>
  );
}

type RowProps = {
  to: string;
  testId: string;
  amount: ReactNode;
  amountTestId?: string;
  /** The order's status tag. */
  status: ReactNode;
  /** Small facts under the amount (where to, when): one <span> each, kept whole. */
  meta: ReactNode;
};

/** One order: its amount and status on top, what and when below; the row opens its detail. */
export function OrderRow({ to, testId, amount, amountTestId, status, meta }: RowProps) {
  return (
    <LinkItem to={to} testId={testId} description={<span className={styles.meta}>{meta}</span>}>
      <span className={styles.title}>
        <span className={styles.amount} data-testid={amountTestId}>
          {amount}
        </span>
        {status}
      </span>
    </LinkItem>
  );
}
