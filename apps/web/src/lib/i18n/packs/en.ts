import errors from 'virtual:error-messages/en';
import { ISSUE_TEXTS_EN } from '@wallet/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import { withMessages } from '../antd-locales';
import { en } from '../locales/en';
import type { LanguagePack } from '../pack';
import { WORDS_EN } from '../validate-words/en';

export const pack: LanguagePack = { catalogue: en, antd: withMessages(enUS, WORDS_EN), errors, issues: ISSUE_TEXTS_EN };
