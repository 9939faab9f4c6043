import { ERRORS, type ErrorCode } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { useAppStore } from './store';

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/**
 * A sentence for any failure, in the current language. Known codes are translated here rather than
 * shown as the server sent them, so switching language also switches messages already on screen.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (error) => {
    if (!(error instanceof ApiError)) return t('errors.unexpected');
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    if (error.code === 'TIMEOUT') return t('errors.timeout');
    if (error.code === 'BAD_REPLY') return t('errors.badReply');
    if (isErrorCode(error.code)) return ERRORS[error.code].message[language];
    return error.message;
  };
}
