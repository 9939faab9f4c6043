import type { Language } from '@wallet/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type AntdLocale, withMessages } from './antd-locales';
import { messagesOf, type ValidateMessages } from './validate-messages';
import { WORDS_EN } from './validate-words/en';
import { WORDS_JA } from './validate-words/ja';
import { WORDS_KO } from './validate-words/ko';
import { WORDS_ZH } from './validate-words/zh';

/**
 * Every language at once, for tests that compare them. The app never imports this: it loads one
 * language's pack at a time (packs.ts).
 */
export const VALIDATE_WORDS = { en: WORDS_EN, zh: WORDS_ZH, ko: WORDS_KO, ja: WORDS_JA } as const;

export const VALIDATE_MESSAGES: Readonly<Record<Language, ValidateMessages>> = {
  en: messagesOf(WORDS_EN),
  zh: messagesOf(WORDS_ZH),
  ko: messagesOf(WORDS_KO),
  ja: messagesOf(WORDS_JA),
};

/** antd-mobile's own texts, as each language's pack carries them. */
export const ANTD_OWN_LOCALES: Readonly<Record<Language, AntdLocale>> = { zh: zhCN, en: enUS, ko: koKR, ja: jaJP };

/** With our form messages, as each language's whole carries them. */
export const ANTD_LOCALES: Readonly<Record<Language, AntdLocale>> = {
  zh: withMessages(zhCN, WORDS_ZH),
  en: withMessages(enUS, WORDS_EN),
  ko: withMessages(koKR, WORDS_KO),
  ja: withMessages(jaJP, WORDS_JA),
};
