import type { Currency } from '@wallet/contract';
import { ActionSheet } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './currency-select.module.css';

type Props = {
  id?: string;
  value?: Currency;
  onChange?: (currency: Currency) => void;
  currencies: readonly Currency[];
  /** A line under each choice, e.g. the balance held in it. */
  describe?: (currency: Currency) => ReactNode;
  testId?: string;
};

/** A currency as a form field: the chosen code and name; tapping opens the list of choices. */
export function CurrencySelect({ id, value, onChange, currencies, describe, testId }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button id={id} type="button" className={styles.trigger} onClick={() => setOpen(true)} data-testid={testId} aria-haspopup="dialog">
        {value ? (
          <span className={styles.value}>
            <span className={styles.code}>{value}</span>
            <span className={styles.name}>{t(`currency.${value}`)}</span>
          </span>
        ) : (
          <span className={styles.name}>{t('currencySelect.placeholder')}</span>
        )}
        <DownOutline className={styles.arrow} aria-hidden="true" />
      </button>
      <ActionSheet
        visible={open}
        extra={t('currencySelect.title')}
        actions={currencies.map((code) => ({
          key: code,
          text: `${code} · ${t(`currency.${code}`)}`,
          description: describe?.(code),
          bold: code === value,
        }))}
        cancelText={t('common.cancel')}
        onAction={(action) => {
          setOpen(false);
          onChange?.(action.key as Currency);
        }}
        onClose={() => setOpen(false)}
        styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
      />
    </>
  );
}
