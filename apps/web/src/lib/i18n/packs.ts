import type { IssueTexts, Language } from '@wallet/contract';
import type { AntdLocale } from './antd-locales';
import type { LanguagePack, WholeLanguage } from './pack';

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

/** The rest of each language (whole catalogue, error messages), a chunk of its own (catalogue-<language> in vite.config.ts). */
const WHOLE_LOADERS: Readonly<Record<Language, () => Promise<{ whole: WholeLanguage }>>> = {
  en: () => import('./whole/en'),
  zh: () => import('./whole/zh'),
  ko: () => import('./whole/ko'),
  ja: () => import('./whole/ja'),
};

/** Fetches each language's value once; a failed fetch (no network) may be tried again. */
function onceEach<T>(load: (language: Language) => Promise<T>) {
  const loaded = new Map<Language, T>();
  const loading = new Map<Language, Promise<T>>();
  const listeners = new Set<() => void>();
  const get = (language: Language): Promise<T> => {
    const ready = loaded.get(language);
    if (ready) return Promise.resolve(ready);
    let pending = loading.get(language);
    if (!pending) {
      pending = load(language).then(
        (value) => {
          loaded.set(language, value);
          loading.delete(language);
          for (const listener of listeners) listener();
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
  /** The value of `language` if it is in, else of any language that is; none before the first. */
  const loadedOrAny = (language: Language): T | undefined => loaded.get(language) ?? loaded.values().next().value;
  /** The value of `language` if it is in. */
  const loadedOf = (language: Language): T | undefined => loaded.get(language);
  /** Calls `listener` each time a language's value comes in; returns the unsubscribe. */
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return { get, loadedOrAny, loadedOf, subscribe };
}

const packs = onceEach((language) => LOADERS[language]().then(({ pack }) => pack));
const wholes = onceEach((language) => WHOLE_LOADERS[language]().then(({ whole }) => whole));

/** The pack of `language`, fetched once. */
export const loadLanguagePack = packs.get;

/** The rest of `language` (every page's texts, the error messages), fetched once. */
export const loadWholeLanguage = wholes.get;

/** The rest of `language` if it is in, else of any language that is (a switch fetches the new one first); none before the first. */
export const loadedWholeLanguage = wholes.loadedOrAny;

/**
 * For useSyncExternalStore: whether the rest of `language` is in, and a subscription to its coming.
 * antd-mobile's form messages come with it; a screen drawn before must be drawn again once it is in,
 * whatever else happens meanwhile (i18next's own event can fire before a component listens to it).
 */
export const subscribeWholeLanguages = wholes.subscribe;
export const isWholeLanguageLoaded = (language: Language): boolean => wholes.loadedOf(language) !== undefined;

/**
 * The pack of `language`, already loaded. The app renders only once the member's language is in, and
 * switchLanguage changes the store's language only after its pack is, so this is the pack the store
 * names; should the store change some other way, the pack in use until then answers meanwhile.
 */
export function languagePack(language: Language): LanguagePack {
  const pack = packs.loadedOrAny(language);
  if (!pack) throw new Error('No language pack is loaded yet');
  return pack;
}

/**
 * antd-mobile's texts for `language`: with our form messages once the rest of the language is in
 * (every form is on a page that waits for it), its own until then (home draws no form).
 */
export function antdLocale(language: Language): AntdLocale {
  const whole = wholes.loadedOf(language);
  const own = languagePack(language).antd;
  if (!whole) return own;
  // Made once per language: a new object on every render would redraw every antd-mobile component.
  let withForms = formLocales.get(own);
  if (!withForms) {
    withForms = whole.withFormMessages(own);
    formLocales.set(own, withForms);
  }
  return withForms;
}

const formLocales = new WeakMap<AntdLocale, AntdLocale>();

/** The zod issue texts of `language`, which come with the rest of it: a form's page draws only once that is in. */
export function issueTexts(language: Language): IssueTexts {
  const whole = wholes.loadedOf(language);
  if (!whole) throw new Error(`The ${language} texts for forms are not loaded yet`);
  return whole.issues;
}
