import type { Executor } from '../../platform/db/database';

/**
 * What the ledger's "card:<id>" references point to, for a record's detail and a statement's rows
 * (wallet/record-subjects.ts): only cards of this member.
 */
export function cardSubjects(db: Executor, userId: string, ids: string[]) {
  return db.selectFrom('cards').select(['id', 'last4']).where('id', 'in', ids).where('user_id', '=', userId).execute();
}

/** One card of the member, as a statement of it names it; undefined when it is not theirs. */
export function memberCard(db: Executor, userId: string, id: string) {
  return db.selectFrom('cards').select(['id', 'last4']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}
