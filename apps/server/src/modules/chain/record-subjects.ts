import type { Executor } from '../../platform/db/database';

/** What the ledger's "deposit:<id>" references point to (wallet/record-subjects.ts): only deposits of this member. */
export function depositSubjects(db: Executor, userId: string, ids: string[]) {
  return db
    .selectFrom('chain_deposits')
    .select(['id', 'network', 'tx_hash'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
}
