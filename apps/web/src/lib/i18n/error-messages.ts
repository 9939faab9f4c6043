import type { ErrorCode, Language } from '@wallet/contract';
import i18n from 'i18next';
import { useAppStore } from '../store';
import { loadedWholeLanguage } from './packs';

/**
 * The contract's message for an error code in `language`, from that language's whole texts
 * (whole/<language>.ts): the contract's ERRORS object holds all four languages, and the app loads only
 * the one it shows. Every page but home waits for them, and the API client fetches them before it
 * reports an error reply; should they still be missing, the sentence is the general one.
 */
export function errorMessageIn(code: ErrorCode, language: Language): string {
  return loadedWholeLanguage(language)?.errors[code] ?? i18n.t('errors.unexpected');
}

/** The message for an error code in the current language; follows a language switch. */
export function useErrorMessage(): (code: ErrorCode) => string {
  const language = useAppStore((state) => state.language);
  return (code) => errorMessageIn(code, language);
}

/**
 * Whether the contract knows this code and its message is in: every language has every code, so any
 * loaded one answers. Before any is, a reply's own message (in the member's language) is shown instead.
 */
export function isKnownErrorCode(code: string): code is ErrorCode {
  const whole = loadedWholeLanguage(useAppStore.getState().language);
  return whole !== undefined && Object.hasOwn(whole.errors, code);
}
