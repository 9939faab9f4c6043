import { useTranslation } from 'react-i18next';
import styles from './card-money.module.css';
import { type Movement, movementRows } from './movement';

type Props = { movement: Movement; className?: string; testId?: string };

/** The figures as a small table; each amount carries a test id (card-figure-debited, ...) for browser tests. */
export function MoneyFigures({ movement, className, testId }: Props) {
  const { t } = useTranslation();
  return (
    <dl className={className ? `${styles.figures} ${className}` : styles.figures} data-testid={testId}>
      {movementRows(movement, t).map((row) => (
        <div key={row.key} className={row.strong ? `${styles.figure} ${styles.strong}` : styles.figure}>
          <dt>{row.label}</dt>
          <dd data-testid={`card-figure-${row.key}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
