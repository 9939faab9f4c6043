import type { ReactNode } from 'react';
import styles from './form-card.module.css';

type Props = { title?: ReactNode; description?: ReactNode; children: ReactNode };

/** A form on a white card, with an optional heading and a sentence about what it does. */
export function FormCard({ title, description, children }: Props) {
  return (
    <section className={styles.wrap}>
      {(title || description) && (
        <header className={styles.header}>
          {title && <h2 className={styles.title}>{title}</h2>}
          {description && <p className={styles.description}>{description}</p>}
        </header>
      )}
      <div className={styles.card}>{children}</div>
    </section>
  );
}
