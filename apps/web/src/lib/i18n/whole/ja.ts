import errors from 'virtual:error-messages/ja';
import { ISSUE_TEXTS_JA } from '@wallet/contract';
import { type AntdLocale, withMessages } from '../antd-locales';
import { ja } from '../locales/ja';
import type { WholeLanguage } from '../pack';
import { WORDS_JA } from '../validate-words/ja';

export const whole: WholeLanguage = {
  catalogue: ja,
  errors,
  withFormMessages: (antd: AntdLocale) => withMessages(antd, WORDS_JA),
  issues: ISSUE_TEXTS_JA,
};
