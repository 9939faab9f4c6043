import errors from 'virtual:error-messages/en';
import { en } from '../locales/en';
import type { WholeLanguage } from '../pack';

export const whole: WholeLanguage = { catalogue: en, errors };
