import 'i18next';
import type { Catalogue } from './locales/en';

// Typed keys: t('home.assets.title') is checked against the English catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
