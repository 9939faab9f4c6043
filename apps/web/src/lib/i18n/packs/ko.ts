import catalogue from 'virtual:first-catalogue/ko';
import { ISSUE_TEXTS_KO } from '@wallet/contract';
import koKR from 'antd-mobile/es/locales/ko-KR';
import { withMessages } from '../antd-locales';
import type { LanguagePack } from '../pack';
import { WORDS_KO } from '../validate-words/ko';

export const pack: LanguagePack = { catalogue, antd: withMessages(koKR, WORDS_KO), issues: ISSUE_TEXTS_KO };
