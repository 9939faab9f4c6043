import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@wallet/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../store';
import { CATALOGUES } from './catalogues';

const resources = Object.fromEntries(LANGUAGES.map((language) => [language, { translation: CATALOGUES[language] }]));

function applyToDocument(language: Language) {
  document.documentElement.lang = language;
}

const initial = useAppStore.getState().language;

// Catalogues are bundled, so initialising synchronously means the first render is already translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyToDocument(initial);

// The store is the one source of the language; i18next and <html lang> follow it in the same tick.
useAppStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  void i18n.changeLanguage(state.language);
  applyToDocument(state.language);
});

export { i18n };
