import type { ReactNode } from 'react';
import styles from './text-button.module.css';

/** A button that reads as a link inside a line of text: "Could not load more. Retry". */
export function TextButton({ onClick, children, testId }: { onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button type="button" className={styles.button} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}
