import { CURRENCY_CODES, type Currency } from '@wallet/contract';
import { CheckList, Dropdown, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';
import type { RecordFilters as Filters } from '../api/get-records';
import { ledgerTypeLabel, ledgerTypeOptions } from './ledger-type-label';
import styles from './records.module.css';

type Props = { value: Filters; onChange: (filters: Filters) => void };

const ALL = 'all';

/** Filters of the records list: one currency or all, one type or all. */
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
        key="type"
        title={
          <span className={styles.filterTitle} data-testid="records-filter-type">
            {value.type === undefined ? t('records.allTypes') : ledgerTypeLabel(value.type, language, String(value.type))}
          </span>
        }
      >
        <div className={styles.filterOptions}>
          <CheckList
            value={[value.type === undefined ? ALL : String(value.type)]}
            onChange={(picked) => {
              const chosen = picked[0] ?? (value.type === undefined ? ALL : String(value.type));
              pick({ ...value, type: chosen === ALL ? undefined : Number(chosen) });
            }}
          >
            <CheckList.Item value={ALL} data-testid="records-type-all">
              {t('records.allTypes')}
            </CheckList.Item>
            {ledgerTypeOptions(language).map((option) => (
              <CheckList.Item key={option.code} value={String(option.code)} data-testid={`records-type-${option.code}`}>
                {option.label}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
}
