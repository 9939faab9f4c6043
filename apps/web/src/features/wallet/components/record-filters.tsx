import { CURRENCY_CODES, type Currency, isLedgerFamily, LEDGER_FAMILIES, LEDGER_FAMILY_NAMES } from '@wallet/contract';
import { CheckList } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';
import type { RecordFilters as Filters } from '../api/get-records';
import styles from './records.module.css';

type Props = { value: Filters; onChange: (filters: Filters) => void };
type Menu = 'currency' | 'family';

const ALL = 'all';

/**
 * Filters of the records list: one currency or all, one family of types (deposits, transfers...) or all.
 * Each opens its choices under the bar, over a shade that closes them, as antd-mobile's Dropdown did;
 * drawn with CSS alone, since the Dropdown brought react-spring, @use-gesture and ten more files to
 * the records' first load.
 */
export function RecordFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [open, setOpen] = useState<Menu | null>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(null);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const pick = (next: Filters) => {
    setOpen(null);
    onChange(next);
  };
  const toggle = (menu: Menu, title: ReactNode, testId: string) => (
    <button
      type="button"
      className={styles.filterButton}
      aria-expanded={open === menu}
      aria-controls={`${id}-${menu}`}
      data-open={open === menu || undefined}
      onClick={() => setOpen(open === menu ? null : menu)}
    >
      <span className={styles.filterTitle} data-testid={testId}>
        {title}
      </span>
      <DownFill className={styles.filterArrow} aria-hidden />
    </button>
  );

  return (
    <div className={styles.filters} data-open={open !== null || undefined}>
      <div className={styles.filterBar}>
        {toggle('currency', value.currency ?? t('records.allCurrencies'), 'records-filter-currency')}
        {toggle(
          'family',
          value.family === undefined ? t('records.allTypes') : LEDGER_FAMILIES[value.family].label[language],
          'records-filter-type',
        )}
      </div>
      {open && (
        <>
          <button type="button" className={styles.filterShade} aria-label={t('records.closeFilters')} onClick={() => setOpen(null)} />
          <div className={styles.filterOptions} id={`${id}-${open}`}>
            {open === 'currency' ? (
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
            ) : (
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
            )}
          </div>
        </>
      )}
    </div>
  );
}
