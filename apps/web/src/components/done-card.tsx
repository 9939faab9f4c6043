import { Button, Result } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './form-card.module.css';

type Props = { title: ReactNode; description?: ReactNode; action: ReactNode; onAction: () => void };

/** What a finished task changed, and the way on. */
export function DoneCard({ title, description, action, onAction }: Props) {
  return (
    <section className={styles.wrap}>
      <div className={styles.card} role="status">
        <Result status="success" title={title} description={description} />
        <div className={styles.doneAction}>
          <Button block color="primary" onClick={onAction}>
            {action}
          </Button>
        </div>
      </div>
    </section>
  );
}
