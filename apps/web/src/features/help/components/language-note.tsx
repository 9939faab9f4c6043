import type { Language } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language-names';
import { useAppStore } from '../../../lib/store';
import styles from './language-note.module.css';

/** Says so when a text is shown in another language because the operator has not written it in the app's. */
export function LanguageNote({ language }: { language: Language }) {
  const { t } = useTranslation();
  const appLanguage = useAppStore((state) => state.language);
  if (language === appLanguage) return null;
  return (
    <p className={styles.languageNote} lang={appLanguage} data-testid="help-language-note">
      {t('help.article.shownIn', { language: LANGUAGE_NAMES[language] })}
    </p>
  );
}
