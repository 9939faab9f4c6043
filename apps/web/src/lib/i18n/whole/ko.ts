import errors from 'virtual:error-messages/ko';
import { ISSUE_TEXTS_KO } from '@wallet/contract';
import { type AntdLocale, withMessages } from '../antd-locales';
import { ko } from '../locales/ko';
import type { WholeLanguage } from '../pack';
import { WORDS_KO } from '../validate-words/ko';

export const whole: WholeLanguage = {
  catalogue: ko,
  errors,
  withFormMessages: (antd: AntdLocale) => withMessages(antd, WORDS_KO),
  issues: ISSUE_TEXTS_KO,
};
