import { Button, Result, type ResultProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './form-card.module.css';

type Props = {
  title: ReactNode;
  description?: ReactNode;
  /** The way on; a state with nothing to do yet (a review in progress) has none. */
  action?: ReactNode;
  onAction?: () => void;
  /** success by default; other states (waiting, error, info) reuse the same card. */
  status?: ResultProps['status'];
  testId?: string;
  actionTestId?: string;
  children?: ReactNode;
};

/** What a finished task changed (or where a longer one stands), and the way on. */
export function DoneCard({ title, description, action, onAction, status = 'success', testId, actionTestId, children }: Props) {
  return (
    <section className={styles.wrap}>
      <div className={styles.card} role="status" data-testid={testId}>
        <Result status={status} title={title} description={description} />
        {children}
        {action && (
          <div className={styles.doneAction}>
            <Button block color="primary" onClick={onAction} data-testid={actionTestId}>
              {action}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
