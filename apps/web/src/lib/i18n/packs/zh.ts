import catalogue from 'virtual:first-catalogue/zh';
import { ISSUE_TEXTS_ZH } from '@wallet/contract';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { withMessages } from '../antd-locales';
import type { LanguagePack } from '../pack';
import { WORDS_ZH } from '../validate-words/zh';

export const pack: LanguagePack = { catalogue, antd: withMessages(zhCN, WORDS_ZH), issues: ISSUE_TEXTS_ZH };
