import type { ReactNode } from 'react';
import styles from './page-body.module.css';

/** The scrolling content under the navigation bar, with room at the end for the last card's shadow. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}
