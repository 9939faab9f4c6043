import type { Executor } from '../../platform/db/database';

/**
 * The team: who invited whom is users.invited_by, fixed at registration (the database refuses a
 * change and a self-invitation). team_links is its closure, written by a trigger with the member's
 * row (migration 0030), and is what the queries read (ADR 0035).
 */

/** Where a member signed up from, kept for the abuse rules (many sign-ups from one address). */
export async function recordSignup(trx: Executor, userId: string, ip: string | null): Promise<void> {
  await trx
    .insertInto('member_signups')
    .values({ user_id: userId, ip })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The member's inviters, nearest first, up to `levels` of them. */
export async function uplineOf(db: Executor, memberId: string, levels = 2): Promise<string[]> {
  const rows = await db
    .selectFrom('team_links')
    .select(['ancestor_id', 'depth'])
    .where('member_id', '=', memberId)
    .where('depth', '<=', levels)
    .orderBy('depth')
    .execute();
  return rows.map((row) => row.ancestor_id);
}
