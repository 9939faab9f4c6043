import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@wallet/contract';
import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './settings.module.css';
import { useSaveDisplayCurrency } from './use-save-display-currency';

type Props = { value: DisplayCurrency; onSaved?: (currency: DisplayCurrency) => void };

/** Every display currency on one screen, the current one ticked; a tap saves it to the profile. */
export function DisplayCurrencyList({ value, onSaved }: Props) {
  const { t } = useTranslation();
  const { shown, save, saving } = useSaveDisplayCurrency(value, onSaved);
  return (
    <CheckList value={shown ? [shown] : []} onChange={(picked) => picked[0] && save(picked[0] as DisplayCurrency)} disabled={saving}>
      {DISPLAY_CURRENCIES.map((code) => (
        <CheckList.Item key={code} value={code} description={t(`currency.${code}`)} data-testid={`display-currency-${code}`}>
          <span className={styles.currency}>{code}</span>
        </CheckList.Item>
      ))}
    </CheckList>
  );
}
