import type { ReactNode } from 'react';
import styles from './states.module.css';

type Props = { image?: ReactNode; title: ReactNode; description?: ReactNode; children?: ReactNode; compact?: boolean };

export function EmptyState({ image, title, description, children, compact = false }: Props) {
  return (
    <div className={compact ? `${styles.state} ${styles.compact}` : styles.state}>
      {image && <div className={styles.image}>{image}</div>}
      <h2 className={styles.title}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
