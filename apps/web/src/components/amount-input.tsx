import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { sanitizeAmountTyping } from '../lib/amount-input';
import styles from './amount-input.module.css';

type Props = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Shown after the number, e.g. "USDT". */
  unit: string;
  placeholder?: string;
  /** Fills in the most that can be sent; hidden when absent. */
  onMax?: () => void;
};

/**
 * A money amount as typed: the phone shows its decimal pad, only digits and one point are kept,
 * and the value stays a string (decimal.js checks it, never a float).
 */
export function AmountInput({ id, value, onChange, unit, placeholder, onMax }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <Input
        id={id}
        className={styles.input}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(next) => onChange?.(sanitizeAmountTyping(next))}
        placeholder={placeholder}
      />
      <span className={styles.unit}>{unit}</span>
      {onMax && (
        <button type="button" className={styles.max} onClick={onMax} data-testid="amount-max">
          {t('amountInput.max')}
        </button>
      )}
    </div>
  );
}
