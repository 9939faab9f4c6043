import { createHash, randomBytes } from 'node:crypto';
import { insertSession, insertUser } from '../../apps/server/src/modules/auth/queries';
import type { Db } from '../../apps/server/src/platform/db/database';

/** A member with a bearer session, made straight in the database; each bench its own uid, email and invite code. */
export async function benchMember(
  db: Db,
  who: { uid: string; email: string; inviteCode: string },
): Promise<{ userId: string; token: string }> {
  const user = await insertUser(db, {
    uid: who.uid,
    email: who.email,
    password_hash: 'x',
    bound_network: 'TRON',
    bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    invite_code: who.inviteCode,
  });
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    user_id: user.id,
    token_hash: createHash('sha256').update(token).digest(),
    device: 'bench',
    ip: null,
    now: new Date(),
  });
  return { userId: user.id, token };
}

/**
 * `count` members with bearer sessions, made straight in the database as benchMember makes one, but
 * with multi-row inserts (thousands of members in seconds). `prefix` keeps this bench's emails and
 * invite codes apart from every other bench's; uids are `firstUid`, `firstUid + 1`, and so on.
 */
export async function benchMembers(
  db: Db,
  count: number,
  { prefix, firstUid }: { prefix: string; firstUid: number },
): Promise<Array<{ userId: string; token: string }>> {
  const members: Array<{ userId: string; token: string }> = [];
  const now = new Date();
  for (let from = 0; from < count; from += MEMBERS_PER_INSERT) {
    const indexes = Array.from({ length: Math.min(MEMBERS_PER_INSERT, count - from) }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          indexes.map((i) => ({
            uid: String(firstUid + i),
            email: `${prefix}-${i}@bench.example.com`,
            password_hash: 'x',
            bound_network: 'TRON' as const,
            bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
            invite_code: `${prefix.toUpperCase()}${i}`,
          })),
        )
        .returning('id')
        .execute();
      const made = users.map((u) => ({ userId: u.id, token: randomBytes(32).toString('base64url') }));
      await insertBenchSessions(trx, made, now);
      members.push(...made);
    });
  }
  return members;
}

/** Rows per insert of benchMembers: 7 parameters a user, well under PostgreSQL's 65,535 per statement. */
const MEMBERS_PER_INSERT = 1000;

/** Sessions as createSession makes them (only the token's SHA-256 is stored), many in one statement. */
export async function insertBenchSessions(db: Db, sessions: Array<{ userId: string; token: string }>, now: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values(
      sessions.map((m) => ({
        user_id: m.userId,
        token_hash: createHash('sha256').update(m.token).digest(),
        device: 'bench',
        ip: null,
        created_at: now,
        last_used_at: now,
      })),
    )
    .execute();
}
