import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type Language } from '../i18n';

/** English or Chinese; each language written in itself, so an operator finds theirs whichever is shown. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Segmented<Language>
      aria-label={t('header.language')}
      value={currentLanguage()}
      options={[
        { label: 'English', value: 'en' },
        { label: '中文', value: 'zh' },
      ]}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
