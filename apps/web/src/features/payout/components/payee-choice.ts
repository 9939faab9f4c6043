import type { Payee } from '@wallet/contract';

/**
 * The account a sale pays to: the one chosen on the accounts screen (?payee=) while it still exists,
 * else the default, else the first; null when there is none of this kind.
 */
export function choosePayee(payees: readonly Payee[], chosenId: string | null): Payee | null {
  return payees.find((p) => p.id === chosenId) ?? payees.find((p) => p.isDefault) ?? payees[0] ?? null;
}
