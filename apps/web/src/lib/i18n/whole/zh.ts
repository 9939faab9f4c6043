import errors from 'virtual:error-messages/zh';
import { zh } from '../locales/zh';
import type { WholeLanguage } from '../pack';

export const whole: WholeLanguage = { catalogue: zh, errors };
