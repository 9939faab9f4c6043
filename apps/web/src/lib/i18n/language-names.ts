import type { Language } from '@wallet/contract';

/** Each language named in itself, so people find theirs whatever the current language is. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  zh: '简体中文',
  en: 'English',
  ko: '한국어',
  ja: '日本語',
};
