import { CURRENCY_CODES, type Currency, isLedgerFamily, LEDGER_FAMILIES, LEDGER_FAMILY_NAMES } from '@wallet/contract';
import { CheckList, Dropdown, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';
import type { RecordFilters as Filters } from '../api/get-records';
import styles from './records.module.css';

type Props = { value: Filters; onChange: (filters: Filters) => void };

const ALL = 'all';

/** Filters of the records list: one currency or all, one family of types (deposits, transfers...) or all. */
export function RecordFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const dropdown = useRef<DropdownRef>(null);

  const pick = (next: Filters) => {
    dropdown.current?.close();
    onChange(next);
  };

  return (
    <Dropdown ref={dropdown} className={styles.filters}>
      <Dropdown.Item
        key="currency"
        title={<span data-testid="records-filter-currency">{value.currency ?? t('records.allCurrencies')}</span>}
      >
        <div className={styles.filterOptions}>
          <CheckList
            value={[value.currency ?? ALL]}
            onChange={(picked) => {
              // Tapping the current choice again unticks it: that only closes the list.
              const chosen = picked[0] ?? value.currency ?? ALL;
              pick({ ...value, currency: chosen === ALL ? undefined : (chosen as Currency) });
            }}
          >
            <CheckList.Item value={ALL} data-testid="records-currency-all">
              {t('records.allCurrencies')}
            </CheckList.Item>
            {CURRENCY_CODES.map((code) => (
              <CheckList.Item key={code} value={code} description={t(`currency.${code}`)} data-testid={`records-currency-${code}`}>
                {code}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Dropdown.Item>
      <Dropdown.Item
        key="family"
        title={
          <span className={styles.filterTitle} data-testid="records-filter-type">
            {value.family === undefined ? t('records.allTypes') : LEDGER_FAMILIES[value.family].label[language]}
          </span>
        }
      >
        <div className={styles.filterOptions}>
          <CheckList
            value={[value.family ?? ALL]}
            onChange={(picked) => {
              const chosen = picked[0] ?? value.family ?? ALL;
              pick({ ...value, family: isLedgerFamily(chosen) ? chosen : undefined });
            }}
          >
            <CheckList.Item value={ALL} data-testid="records-type-all">
              {t('records.allTypes')}
            </CheckList.Item>
            {LEDGER_FAMILY_NAMES.map((family) => (
              <CheckList.Item key={family} value={family} data-testid={`records-type-${family}`}>
                {LEDGER_FAMILIES[family].label[language]}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
}
