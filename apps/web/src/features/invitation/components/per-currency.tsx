import { isCurrency } from '@wallet/contract';
import { formatMoney } from '../../../lib/format';
import styles from './invitation.module.css';

/** Money per currency, each exactly as the server holds it; "0" when there is none. */
export function PerCurrency({ amounts, testId }: { amounts: Record<string, string>; testId?: string }) {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return <span data-testid={testId}>0</span>;
  return (
    <span className={styles.money} data-testid={testId}>
      {entries.map(([currency, amount]) => (
        <span key={currency}>
          {isCurrency(currency) ? formatMoney(amount, currency) : amount} {currency}
        </span>
      ))}
    </span>
  );
}
