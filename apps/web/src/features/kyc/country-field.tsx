import { CheckList, Popup, SearchBar } from 'antd-mobile';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import pickerStyles from '../../components/picker-button.module.css';
import { useAppStore } from '../../lib/store';
import { countryName, countryOptions, searchCountries } from './countries';
import styles from './kyc.module.css';

type Props = {
  /** ISO 3166 numeric code. */
  value?: string;
  onChange?: (value: string) => void;
  title: string;
  placeholder: string;
  testId: string;
};

/** A country or region picked from a searchable sheet, named in the member's language; the value is its numeric code. */
export function CountryField({ value, onChange, title, placeholder, testId }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const options = useMemo(() => countryOptions(language), [language]);
  const found = useMemo(() => searchCountries(options, query), [options, query]);
  const name = value ? countryName(value, language) : undefined;

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <button type="button" className={pickerStyles.pickerButton} onClick={() => setOpen(true)} data-testid={testId}>
        <span className={name ? pickerStyles.pickerValue : `${pickerStyles.pickerValue} ${pickerStyles.placeholder}`}>
          {name ?? placeholder}
        </span>
        <RightOutline className={pickerStyles.chevron} aria-hidden="true" />
      </button>
      <Popup visible={open} onMaskClick={close} onClose={close} bodyStyle={{ borderRadius: '16px 16px 0 0' }} destroyOnClose>
        <div className={styles.sheet} role="dialog" aria-label={title} data-testid={`${testId}-sheet`}>
          <div className={styles.sheetHeader}>
            <h2 className={styles.sheetTitle}>{title}</h2>
            <button
              type="button"
              className={pickerStyles.pickerButton}
              style={{ width: 'auto' }}
              onClick={close}
              aria-label={t('kyc.countries.close')}
            >
              <CloseOutline fontSize={20} />
            </button>
          </div>
          <div className={styles.sheetSearch}>
            <SearchBar
              placeholder={t('kyc.countries.search')}
              value={query}
              onChange={setQuery}
              clearable
              data-testid={`${testId}-search`}
            />
          </div>
          <div className={styles.sheetList}>
            {found.length === 0 ? (
              <p className={styles.sheetEmpty}>{t('kyc.countries.none', { query: query.trim() })}</p>
            ) : (
              <CheckList
                value={value ? [value] : []}
                onChange={(picked) => {
                  // Tapping the chosen country again unchecks it in CheckList: keep it chosen.
                  const code = picked[0] ?? value;
                  if (code) onChange?.(String(code));
                  close();
                }}
              >
                {found.map((c) => (
                  <CheckList.Item key={c.numeric} value={c.numeric} data-testid={`${testId}-${c.numeric}`}>
                    {c.name} <span className={styles.code}>{c.alpha2}</span>
                  </CheckList.Item>
                ))}
              </CheckList>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
}
