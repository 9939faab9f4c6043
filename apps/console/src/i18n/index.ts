import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../lib/http';
import { en } from './en';
import { opsEn } from './ops-en';
import { opsZh } from './ops-zh';
import { zh } from './zh';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Only the language preference is kept in the browser: nothing about the operator or the session. */
const STORAGE_KEY = 'console.language';

/** The ops pages' keys and the console's own share one catalogue: a key both define would hide one of them. */
type Shared = keyof typeof en & keyof typeof opsEn;
const noSharedKeys: [Shared] extends [never] ? true : { sharedKeys: Shared } = true;
void noSharedKeys;

function initialLanguage(): Language {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // Storage refused (a privacy setting): the browser's language decides.
  }
  return globalThis.navigator?.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...en, ...opsEn } },
    zh: { translation: { ...zh, ...opsZh } },
  },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  // No console notice from i18next's makers: the console's own log stays free of messages.
  showSupportNotice: false,
  returnNull: false,
  // Resources are bundled: init is synchronous, so the first render already has its texts.
  initAsync: false,
});

setRequestLanguage(i18n.language, i18n.t('common.networkError'));
i18n.on('languageChanged', (language) => {
  setRequestLanguage(language, i18n.t('common.networkError'));
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
});

export function currentLanguage(): Language {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the switch still applies to this tab.
  }
  await i18n.changeLanguage(language);
}

export { i18n };
