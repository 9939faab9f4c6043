import errors from 'virtual:error-messages/ko';
import { ko } from '../locales/ko';
import type { WholeLanguage } from '../pack';

export const whole: WholeLanguage = { catalogue: ko, errors };
