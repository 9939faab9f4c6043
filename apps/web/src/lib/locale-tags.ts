import type { Language } from '@wallet/contract';

/**
 * The locale each language's dates are written in (format.ts). Apart, and importing only a type, so
 * the build (vite.config.ts) can give public/boot.js the same tags.
 */
export const LOCALE_TAGS: Readonly<Record<Language, string>> = { zh: 'zh-CN', en: 'en-US', ko: 'ko-KR', ja: 'ja-JP' };
