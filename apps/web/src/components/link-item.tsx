import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './link-item.module.css';

type Props = {
  to: string;
  children: ReactNode;
  prefix?: ReactNode;
  extra?: ReactNode;
  description?: ReactNode;
  testId?: string;
};

/**
 * A list row that opens another page. The row is a real link (keyboard, screen readers, long-press)
 * whose target covers the whole row; List.Item's own `clickable` would render an <a> without href.
 */
export function LinkItem({ to, children, prefix, extra, description, testId }: Props) {
  return (
    <List.Item className={styles.item} prefix={prefix} extra={extra} description={description} arrowIcon clickable={false}>
      <Link className={styles.link} to={to} data-testid={testId}>
        {children}
      </Link>
    </List.Item>
  );
}
