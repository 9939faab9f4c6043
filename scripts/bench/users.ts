import { createHash, randomBytes } from 'node:crypto';
import { insertSession, insertUser } from '../../apps/server/src/modules/auth/queries';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../../apps/server/src/modules/ledger';
import type { Db } from '../../apps/server/src/platform/db/database';

/** A user with a session token and a few balances, made straight in the database. */
export async function registerUserDirect(db: Db): Promise<string> {
  const user = await insertUser(db, {
    uid: '99999999',
    email: 'bench-http@example.com',
    password_hash: 'x',
    bound_network: 'TRON',
    bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    invite_code: 'BENCHHTTP',
  });
  for (const currency of ['USDT', 'USD', 'JPY'] as const) {
    await post(db, {
      typeCode: 13,
      userId: user.id,
      idempotencyKey: `bench-http-${currency}`,
      legs: [
        { accountId: await accountId(db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }), amount: '-100' },
        { accountId: await accountId(db, { userId: user.id, currency, purpose: USER_WALLET }), amount: '100' },
      ],
    });
  }
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    user_id: user.id,
    token_hash: createHash('sha256').update(token).digest(),
    device: 'bench',
    ip: null,
    now: new Date(),
  });
  return token;
}
