import { isLedgerTypeCode, type Language, LEDGER_TYPES } from '@wallet/contract';

/**
 * The name of a ledger type in the person's language, from the contract (so switching language
 * renames rows already on screen); the server's label for a code this build does not know yet.
 */
export function ledgerTypeLabel(code: number, language: Language, fallback: string): string {
  return isLedgerTypeCode(code) ? LEDGER_TYPES[code].label[language] : fallback;
}
