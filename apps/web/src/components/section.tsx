import type { ReactNode } from 'react';
import styles from './section.module.css';

type Props = { title: ReactNode; action?: ReactNode; children: ReactNode };

/** A titled white card: the building block of every screen. */
export function Section({ title, action, children }: Props) {
  return (
    <section className={styles.section}>
      <div className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        {action}
      </div>
      <div className={styles.card}>{children}</div>
    </section>
  );
}
