import { createHash, randomBytes } from 'node:crypto';
import { insertSession, insertUser } from '../../apps/server/src/modules/auth/queries';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../../apps/server/src/modules/ledger';
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

/** A user with a session token and a few balances, made straight in the database. */
export async function registerUserDirect(db: Db): Promise<string> {
  const { userId, token } = await benchMember(db, { uid: '99999999', email: 'bench-http@example.com', inviteCode: 'BENCHHTTP' });
  for (const currency of ['USDT', 'USD', 'JPY'] as const) {
    await post(db, {
      typeCode: 13,
      userId,
      idempotencyKey: `bench-http-${currency}`,
      legs: [
        { accountId: await accountId(db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }), amount: '-100' },
        { accountId: await accountId(db, { userId, currency, purpose: USER_WALLET }), amount: '100' },
      ],
    });
  }
  return token;
}
