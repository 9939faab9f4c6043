import { isLedgerTypeCode, type Language, LEDGER_TYPE_CODES, LEDGER_TYPES, type LedgerTypeCode } from '@wallet/contract';

/**
 * The name of a ledger type in the person's language, from the contract (so switching language
 * renames rows already on screen); the server's label for a code this build does not know yet.
 */
export function ledgerTypeLabel(code: number, language: Language, fallback: string): string {
  return isLedgerTypeCode(code) ? LEDGER_TYPES[code].label[language] : fallback;
}

/**
 * The types a person can filter by, sorted by code. A few codes share a name (16 and 19 are both
 * "card spending reward"); those carry their code so the two choices can be told apart.
 */
export function ledgerTypeOptions(language: Language): Array<{ code: LedgerTypeCode; label: string }> {
  const codes = [...LEDGER_TYPE_CODES].sort((a, b) => a - b);
  const count = new Map<string, number>();
  for (const code of codes) count.set(LEDGER_TYPES[code].label[language], (count.get(LEDGER_TYPES[code].label[language]) ?? 0) + 1);
  return codes.map((code) => {
    const label = LEDGER_TYPES[code].label[language];
    return { code, label: (count.get(label) ?? 0) > 1 ? `${label} (${code})` : label };
  });
}
