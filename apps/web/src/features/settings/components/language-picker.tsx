import { isLanguage, LANGUAGES } from '@wallet/contract';
import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { switchLanguage } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language-names';
import { useAppStore } from '../../../lib/store';
import { showNetworkError } from '../switch-failed';

/** Applies as soon as the language's texts are in: the store then drives i18next, antd-mobile's locale and <html lang>. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);

  return (
    <Section title={t('account.language')}>
      <CheckList
        value={[language]}
        onChange={([picked]) => {
          // Tapping the current language unchecks it in CheckList; one language is always chosen.
          if (isLanguage(picked)) void switchLanguage(picked).catch(() => showNetworkError());
        }}
      >
        {LANGUAGES.map((code) => (
          <CheckList.Item key={code} value={code} data-testid={`lang-${code}`}>
            <span lang={code}>{LANGUAGE_NAMES[code]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Section>
  );
}
