import type { Executor } from '../../platform/db/database';

/** What the ledger's "payout:<id>" references point to (wallet/record-subjects.ts): only orders of this member. */
export function payoutSubjects(db: Executor, userId: string, ids: string[]) {
  return db
    .selectFrom('payout_orders')
    .select(['id', 'kind', 'payee_name', 'payee_account_last4', 'payee_bank_name', 'stage'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
}
