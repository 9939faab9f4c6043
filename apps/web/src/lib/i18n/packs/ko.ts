import errors from 'virtual:error-messages/ko';
import { ISSUE_TEXTS_KO } from '@wallet/contract';
import koKR from 'antd-mobile/es/locales/ko-KR';
import { withMessages } from '../antd-locales';
import { ko } from '../locales/ko';
import type { LanguagePack } from '../pack';
import { WORDS_KO } from '../validate-words/ko';

export const pack: LanguagePack = { catalogue: ko, antd: withMessages(koKR, WORDS_KO), errors, issues: ISSUE_TEXTS_KO };
