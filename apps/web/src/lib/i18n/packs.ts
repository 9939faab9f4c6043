import type { Language } from '@wallet/contract';
import type { Catalogue } from './locales/en';
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

/** Each language's whole catalogue, a chunk of its own (named catalogue-<language> in vite.config.ts). */
const CATALOGUE_LOADERS: Readonly<Record<Language, () => Promise<Catalogue>>> = {
  en: () => import('./locales/en').then((module) => module.en),
  zh: () => import('./locales/zh').then((module) => module.zh),
  ko: () => import('./locales/ko').then((module) => module.ko),
  ja: () => import('./locales/ja').then((module) => module.ja),
};

/** Fetches each language's value once; a failed fetch (no network) may be tried again. */
function onceEach<T>(load: (language: Language) => Promise<T>) {
  const loaded = new Map<Language, T>();
  const loading = new Map<Language, Promise<T>>();
  const get = (language: Language): Promise<T> => {
    const ready = loaded.get(language);
    if (ready) return Promise.resolve(ready);
    let pending = loading.get(language);
    if (!pending) {
      pending = load(language).then(
        (value) => {
          loaded.set(language, value);
          loading.delete(language);
          return value;
        },
        (error: unknown) => {
          loading.delete(language);
          throw error;
        },
      );
      loading.set(language, pending);
    }
    return pending;
  };
  return { get, loaded };
}

const packs = onceEach((language) => LOADERS[language]().then(({ pack }) => pack));
const catalogues = onceEach((language) => CATALOGUE_LOADERS[language]());
const loaded = packs.loaded;

/** The pack of `language`, fetched once. */
export const loadLanguagePack = packs.get;

/** The whole catalogue of `language` (every page's texts), fetched once. */
export const loadCatalogue = catalogues.get;

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
