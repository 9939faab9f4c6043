import type { Language } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { lockedUntil, remainingAttempts } from './error-details';
import { formatLockEnd } from './format';
import { errorMessageIn, isKnownErrorCode } from './i18n/error-messages';
import { useAppStore } from './store';

const SENTENCE_GAP: Readonly<Record<Language, string>> = { en: ' ', ko: ' ', zh: '', ja: '' };

/**
 * A sentence for any failure, in the current language. Known codes are translated here rather than
 * shown as the server sent them, so switching language also switches messages already on screen.
 * Details that matter to the person follow: when a lock ends (in local time), attempts left.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (error) => {
    if (!(error instanceof ApiError)) return t('errors.unexpected');
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    if (error.code === 'TIMEOUT') return t('errors.timeout');
    if (error.code === 'BAD_REPLY') return t('errors.badReply');
    const message = isKnownErrorCode(error.code) ? errorMessageIn(error.code, language) : error.message;
    const until = lockedUntil(error);
    const remaining = remainingAttempts(error);
    const extra = until
      ? t('errors.lockedUntil', { time: formatLockEnd(until, language) })
      : remaining !== null
        ? t('errors.attemptsLeft', { attempts: remaining })
        : null;
    // Chinese and Japanese run sentences on without a space.
    return extra ? `${message}${SENTENCE_GAP[language]}${extra}` : message;
  };
}
