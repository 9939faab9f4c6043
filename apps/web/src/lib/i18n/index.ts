import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@wallet/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../store';
import { loadLanguagePack, loadWholeLanguage } from './packs';

function applyToDocument(language: Language) {
  document.documentElement.lang = language;
}

/** Gives i18next the first screen's texts of `language`, fetching its pack first when it is not in yet. */
async function ensureLanguage(language: Language): Promise<void> {
  const pack = await loadLanguagePack(language);
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', pack.catalogue);
}

const whole = new Set<Language>();

/** Gives i18next every text of `language`: its pack, then its whole catalogue (the error messages come with it). */
async function ensureWholeLanguage(language: Language): Promise<void> {
  const [, rest] = await Promise.all([ensureLanguage(language), loadWholeLanguage(language)]);
  if (whole.has(language)) return;
  i18n.addResourceBundle(language, 'translation', rest.catalogue, true, true);
  whole.add(language);
}

/**
 * Every text of the language on screen and its error messages, for a page other than the first screen
 * to wait for before it draws (app/lazy-page.ts), fetched on intent with the page's chunk (router.tsx
 * preloadRoute) and before an error reply is shown (api.ts): the first screen does not load it.
 * Rejects when the chunk cannot be fetched, as a page chunk would.
 */
export function wholeCatalogueReady(): Promise<void> {
  return ensureWholeLanguage(useAppStore.getState().language);
}

const initial = useAppStore.getState().language;

// Catalogues arrive per language (packs.ts). i18next starts empty and without a fallback language,
// so it never asks for one that is not loaded; main.tsx renders only once i18nReady has settled.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  // The whole catalogue may arrive while a screen is up: what is on screen is drawn again with it.
  react: { bindI18nStore: 'added' },
  initAsync: false,
  showSupportNotice: false,
});
applyToDocument(initial);

/**
 * The member's language, ready to render. Should its pack not come (offline without the service
 * worker's copy), English is tried, so the app still shows words and its offline state.
 */
export const i18nReady: Promise<void> = ensureLanguage(initial).catch(async () => {
  if (initial === DEFAULT_LANGUAGE) throw new Error('The language pack did not load');
  await ensureLanguage(DEFAULT_LANGUAGE);
  useAppStore.getState().setLanguage(DEFAULT_LANGUAGE);
});

/**
 * Switches the app's language: the new pack is fetched first and only then does the store change,
 * so no screen shows raw keys or a mix of languages meanwhile. Rejects when the pack cannot be fetched.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await ensureWholeLanguage(language);
  useAppStore.getState().setLanguage(language);
}

// The store is the one source of the language; i18next and <html lang> follow it in the same tick
// when the pack is in (always so through switchLanguage). A change made some other way (a test, an
// older caller) waits for its pack first.
useAppStore.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  const language = state.language;
  const apply = () => {
    if (useAppStore.getState().language !== language) return;
    void i18n.changeLanguage(language);
    applyToDocument(language);
  };
  // The first screen's texts are enough to apply it; a page waits for the rest itself (app/lazy-page.ts).
  if (i18n.hasResourceBundle(language, 'translation')) apply();
  else void ensureLanguage(language).then(apply);
});

export { i18n };
