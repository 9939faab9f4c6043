import errors from 'virtual:error-messages/zh';
import { ISSUE_TEXTS_ZH } from '@wallet/contract';
import { type AntdLocale, withMessages } from '../antd-locales';
import { zh } from '../locales/zh';
import type { WholeLanguage } from '../pack';
import { WORDS_ZH } from '../validate-words/zh';

export const whole: WholeLanguage = {
  catalogue: zh,
  errors,
  withFormMessages: (antd: AntdLocale) => withMessages(antd, WORDS_ZH),
  issues: ISSUE_TEXTS_ZH,
};
