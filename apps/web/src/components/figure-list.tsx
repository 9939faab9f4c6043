import type { ReactNode } from 'react';
import styles from './figure-list.module.css';

export type Figure = { key: string; label: ReactNode; value: ReactNode; strong?: boolean; testId?: string };

type Props = { figures: Figure[]; className?: string; testId?: string };

/** What a money screen shows before and after the payment password: one row per figure, exactly as moved. */
export function FigureList({ figures, className, testId }: Props) {
  return (
    <dl className={className ? `${styles.list} ${className}` : styles.list} data-testid={testId}>
      {figures.map((f) => (
        <div key={f.key} className={f.strong ? `${styles.row} ${styles.strong}` : styles.row}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
