import { LANGUAGES } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language-names';
import { useAppStore } from '../../../lib/store';
import { showNetworkError } from '../switch-failed';
import styles from './language-switch.module.css';

/** The four languages in a row of radio pills, for screens where a full list would crowd the form (login). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <fieldset className={styles.switch}>
      <legend className="visually-hidden">{t('account.language')}</legend>
      {LANGUAGES.map((code) => (
        <label key={code} lang={code} className={styles.option} data-checked={code === language} data-testid={`lang-${code}`}>
          <input
            type="radio"
            className="visually-hidden"
            name="language"
            value={code}
            checked={code === language}
            onChange={() => void switchLanguage(code).catch(() => showNetworkError())}
          />
          {LANGUAGE_NAMES[code]}
        </label>
      ))}
    </fieldset>
  );
}
