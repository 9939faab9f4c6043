import errors from 'virtual:error-messages/en';
import { ISSUE_TEXTS_EN } from '@wallet/contract';
import { type AntdLocale, withMessages } from '../antd-locales';
import { en } from '../locales/en';
import type { WholeLanguage } from '../pack';
import { WORDS_EN } from '../validate-words/en';

export const whole: WholeLanguage = {
  catalogue: en,
  errors,
  withFormMessages: (antd: AntdLocale) => withMessages(antd, WORDS_EN),
  issues: ISSUE_TEXTS_EN,
};
