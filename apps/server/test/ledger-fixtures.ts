import { randomBytes, randomInt } from 'node:crypto';
import type { Currency } from '@wallet/contract';
import { insertUser } from '../src/modules/auth/queries';
import { accountId, SYSTEM_PURPOSES, USER_WALLET } from '../src/modules/ledger';
import type { Db } from '../src/platform/db/database';

/** A user row without going through sign-up, for ledger tests that only need an owner. */
export async function makeUser(db: Db): Promise<string> {
  const user = await insertUser(db, {
    uid: String(randomInt(10_000_000, 100_000_000)),
    email: `ledger-${randomBytes(6).toString('hex')}@example.com`,
    password_hash: 'not-a-real-hash',
    bound_network: 'TRON',
    bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    invite_code: randomBytes(5).toString('hex').toUpperCase(),
  });
  return user.id;
}

export const wallet = (db: Db, userId: string, currency: Currency) => accountId(db, { userId, currency, purpose: USER_WALLET });
export const system = (db: Db, currency: Currency, purpose: string) => accountId(db, { userId: null, currency, purpose });
export const inbound = (db: Db, currency: Currency) => system(db, currency, SYSTEM_PURPOSES.chainInbound('TRON'));

export async function balanceOf(db: Db, account: string): Promise<string> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', account).executeTakeFirstOrThrow();
  return row.balance;
}
