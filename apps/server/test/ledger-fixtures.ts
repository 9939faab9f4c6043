import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Currency } from '@wallet/contract';
import { findUserByUid, insertUser } from '../src/modules/auth/queries';
import { accountId, type PostingResult, post, SYSTEM_PURPOSES, USER_WALLET } from '../src/modules/ledger';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Funds a member for a test: an adjustment journal (ledger code 13) posted straight through the
 * ledger, as the demo seed does. An operator's adjustment waits for a second operator's approval
 * (four eyes), so tests that only need a member with money use this instead of the admin route.
 * `member` is the member's UID or user id.
 */
export async function creditMember(
  target: { database: { handle: { db: Db } } } | Db,
  member: string,
  currency: Currency,
  amount: string,
): Promise<PostingResult> {
  const db = 'database' in target ? target.database.handle.db : target;
  const userId = UUID.test(member) ? member : (await findUserByUid(db, member))?.id;
  if (!userId) throw new Error(`no member with UID ${member}`);
  return post(db, {
    typeCode: 13,
    userId,
    reference: 'test-funding',
    idempotencyKey: `test-funding:${randomUUID()}`,
    memo: { reason: 'test funding' },
    legs: [
      { accountId: await wallet(db, userId, currency), amount },
      { accountId: await system(db, currency, SYSTEM_PURPOSES.adjustments), amount: `-${amount}` },
    ],
  });
}
