import { DISPLAY_CURRENCIES, type DisplayCurrency, LIMITS } from '@wallet/contract';
import { ActionSheet, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../api/update-me';
import styles from './settings.module.css';

/** The currency the wallet is totalled in; saved to the profile at once. */
export function DisplayCurrencyPicker({ value }: { value: DisplayCurrency | undefined }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const [open, setOpen] = useState(false);
  const shown = update.isPending ? update.variables.displayCurrency : value;

  const pick = (currency: DisplayCurrency) => {
    setOpen(false);
    if (currency === value) return;
    update.mutate(
      { displayCurrency: currency },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: t('common.saved'), duration: LIMITS.client.toastDurationMs }),
        onError: () => Toast.show({ icon: 'fail', content: t('settings.saveFailed'), duration: LIMITS.client.toastDurationMs }),
      },
    );
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
