import catalogue from 'virtual:first-catalogue/ja';
import { ISSUE_TEXTS_JA } from '@wallet/contract';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import { withMessages } from '../antd-locales';
import type { LanguagePack } from '../pack';
import { WORDS_JA } from '../validate-words/ja';

export const pack: LanguagePack = { catalogue, antd: withMessages(jaJP, WORDS_JA), issues: ISSUE_TEXTS_JA };
