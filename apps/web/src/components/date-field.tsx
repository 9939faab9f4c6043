import type { Language } from '@wallet/contract';
import { DatePicker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { fromIsoDate, toIsoDate } from '../lib/dates';
import { useAppStore } from '../lib/store';
import styles from './picker-button.module.css';

type Props = {
  /** yyyy-mm-dd */
  value?: string;
  onChange?: (value: string) => void;
  title: string;
  placeholder: string;
  min: Date;
  max: Date;
  /** Where the wheels start when nothing is picked yet. */
  start: Date;
  disabled?: boolean;
  /** Shown instead of the date, e.g. "No expiry". */
  override?: string;
  testId: string;
};

const UNITS: Record<Language, { year: string; month: string; day: string } | null> = {
  zh: { year: '年', month: '月', day: '日' },
  ja: { year: '年', month: '月', day: '日' },
  ko: { year: '년', month: '월', day: '일' },
  en: null,
};

/** A date as the member reads it in their language, e.g. "15 January 2020" or "2020年1月15日". */
export function formatDay(value: string, language: Language): string {
  const date = fromIsoDate(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date) : value;
}

/** The wheels' labels in the member's language: 2020年 / 1月 in Chinese and Japanese, 2020년 in Korean, Jan in English. */
function wheelLabel(language: Language) {
  const units = UNITS[language];
  const month = new Intl.DateTimeFormat(language, { month: 'short' });
  return (type: string, data: number) => {
    if (type !== 'year' && type !== 'month' && type !== 'day') return String(data);
    if (units) return `${data}${units[type]}`;
    return type === 'month' ? month.format(new Date(2000, data - 1, 1)) : String(data);
  };
}

/** A day picked on wheels within [min, max], shown in the member's language, sent as yyyy-mm-dd. */
export function DateField({ value, onChange, title, placeholder, min, max, start, disabled, override, testId }: Props) {
  const language = useAppStore((s) => s.language);
  const [open, setOpen] = useState(false);
  const text = override ?? (value ? formatDay(value, language) : undefined);
  return (
    <>
      <button type="button" className={styles.pickerButton} onClick={() => setOpen(true)} disabled={disabled} data-testid={testId}>
        <span className={text ? styles.pickerValue : `${styles.pickerValue} ${styles.placeholder}`}>{text ?? placeholder}</span>
        {!disabled && <RightOutline className={styles.chevron} aria-hidden="true" />}
      </button>
      <DatePicker
        title={title}
        visible={open}
        onClose={() => setOpen(false)}
        min={min}
        max={max}
        value={(value && fromIsoDate(value)) || start}
        renderLabel={wheelLabel(language)}
        onConfirm={(date) => onChange?.(toIsoDate(date))}
      />
    </>
  );
}
