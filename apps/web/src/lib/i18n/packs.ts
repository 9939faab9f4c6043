import type { Language } from '@wallet/contract';
import type { LanguagePack } from './pack';

/**
 * One chunk per language: the first load fetches only the member's language, and a switch fetches
 * the new one before anything on screen changes (see switchLanguage in index.ts).
 */
const LOADERS: Readonly<Record<Language, () => Promise<{ pack: LanguagePack }>>> = {
  en: () => import('./packs/en'),
  zh: () => import('./packs/zh'),
  ko: () => import('./packs/ko'),
  ja: () => import('./packs/ja'),
};

const loaded = new Map<Language, LanguagePack>();
const loading = new Map<Language, Promise<LanguagePack>>();

/** The pack of `language`, fetched once; a failed fetch (no network) may be tried again. */
export function loadLanguagePack(language: Language): Promise<LanguagePack> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]().then(
      ({ pack }) => {
        loaded.set(language, pack);
        loading.delete(language);
        return pack;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * The pack of `language`, already loaded. The app renders only once the member's language is in, and
 * switchLanguage changes the store's language only after its pack is, so this is the pack the store
 * names; should the store change some other way, the pack in use until then answers meanwhile.
 */
export function languagePack(language: Language): LanguagePack {
  const pack = loaded.get(language) ?? loaded.values().next().value;
  if (!pack) throw new Error('No language pack is loaded yet');
  return pack;
}

/** Any loaded pack: for what every language has alike, such as which error codes exist. */
export function anyLanguagePack(): LanguagePack | undefined {
  return loaded.values().next().value;
}
