import type { ErrorCode, Language } from '@wallet/contract';
import { useAppStore } from '../store';
import { anyLanguagePack, languagePack } from './packs';

/**
 * The contract's message for an error code in `language`, from that language's pack: the contract's
 * ERRORS object holds all four languages, and the app loads only the one it shows.
 */
export function errorMessageIn(code: ErrorCode, language: Language): string {
  return languagePack(language).errors[code];
}

/** The message for an error code in the current language; follows a language switch. */
export function useErrorMessage(): (code: ErrorCode) => string {
  const language = useAppStore((state) => state.language);
  return (code) => errorMessageIn(code, language);
}

/** Whether the contract knows this code: every pack has every code, so any loaded one answers. */
export function isKnownErrorCode(code: string): code is ErrorCode {
  const pack = anyLanguagePack();
  return pack !== undefined && Object.hasOwn(pack.errors, code);
}
