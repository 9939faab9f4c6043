import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@wallet/contract';
import { ActionSheet, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './settings.module.css';
import { useSaveDisplayCurrency } from './use-save-display-currency';

/** The currency the wallet is totalled in; saved to the profile at once. */
export function DisplayCurrencyPicker({ value }: { value: DisplayCurrency | undefined }) {
  const { t } = useTranslation();
  const { shown, save } = useSaveDisplayCurrency(value);
  const [open, setOpen] = useState(false);

  const pick = (currency: DisplayCurrency) => {
    setOpen(false);
    save(currency);
  };

  return (
    <>
      <List>
        <List.Item
          onClick={() => setOpen(true)}
          disabled={!value}
          extra={shown && <span className={styles.currency}>{shown}</span>}
          description={shown && t(`currency.${shown}`)}
          data-testid="currency-picker"
        >
          {t('settings.currency')}
        </List.Item>
      </List>
      <ActionSheet
        visible={open}
        extra={t('settings.currencyTitle')}
        actions={DISPLAY_CURRENCIES.map((code) => ({
          key: code,
          text: `${code} · ${t(`currency.${code}`)}`,
          bold: code === value,
        }))}
        cancelText={t('common.cancel')}
        onAction={(action) => pick(action.key as DisplayCurrency)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
