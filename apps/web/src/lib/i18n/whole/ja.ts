import errors from 'virtual:error-messages/ja';
import { ja } from '../locales/ja';
import type { WholeLanguage } from '../pack';

export const whole: WholeLanguage = { catalogue: ja, errors };
