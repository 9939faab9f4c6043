import type { Language } from '@wallet/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhCN from 'antd-mobile/es/locales/zh-CN';

export type AntdLocale = typeof enUS;

/** antd-mobile's own texts (pull to refresh, dialogs, pickers) follow the app language. */
export const ANTD_LOCALES: Readonly<Record<Language, AntdLocale>> = { zh: zhCN, en: enUS, ko: koKR, ja: jaJP };
