import catalogue from 'virtual:first-catalogue/en';
import { ISSUE_TEXTS_EN } from '@wallet/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import { withMessages } from '../antd-locales';
import type { LanguagePack } from '../pack';
import { WORDS_EN } from '../validate-words/en';

export const pack: LanguagePack = { catalogue, antd: withMessages(enUS, WORDS_EN), issues: ISSUE_TEXTS_EN };
