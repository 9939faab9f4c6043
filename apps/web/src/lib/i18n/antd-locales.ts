import type { Language } from '@wallet/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { VALIDATE_MESSAGES } from './validate-messages';

export type AntdLocale = typeof enUS;

/**
 * antd-mobile's own texts (pull to refresh, dialogs, pickers) follow the app language. Every Form
 * takes its rule messages from the locale, so ours replace the library's there: one place covers
 * every form of the app, including those that give `rules` without a message.
 */
function withMessages(locale: AntdLocale, language: Language): AntdLocale {
  return { ...locale, Form: { ...locale.Form, defaultValidateMessages: VALIDATE_MESSAGES[language] } };
}

export const ANTD_LOCALES: Readonly<Record<Language, AntdLocale>> = {
  zh: withMessages(zhCN, 'zh'),
  en: withMessages(enUS, 'en'),
  ko: withMessages(koKR, 'ko'),
  ja: withMessages(jaJP, 'ja'),
};
