import { DatePicker } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { birthDateRange, dateOf, dateText } from './birth-date';
import styles from './payout.module.css';

type Props = { id?: string; value?: string; onChange?: (value: string) => void; placeholder?: string };

/** Where the wheels start when no date is set yet: a likely birth year rather than 18 years ago today. */
const START = new Date(1990, 0, 1);

/** A birth date picked on wheels (yyyy-mm-dd), only from dates the contract accepts. */
export function BirthDateInput({ id, value, onChange, placeholder }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { min, max } = useMemo(() => birthDateRange(), []);
  return (
    <>
      <button type="button" id={id} className={styles.pickerButton} onClick={() => setOpen(true)} data-testid="birth-date-open">
        {value ? value : <span className={styles.placeholder}>{placeholder}</span>}
      </button>
      <DatePicker
        title={t('payout.payee.fields.birthDate')}
        visible={open}
        onClose={() => setOpen(false)}
        min={min}
        max={max}
        value={dateOf(value) ?? START}
        onConfirm={(date) => onChange?.(dateText(date))}
      />
    </>
  );
}
