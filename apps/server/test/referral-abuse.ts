import { randomBytes, randomInt } from 'node:crypto';
import { insertUser } from '../src/modules/auth/queries';
import type { Db } from '../src/platform/db/database';

/**
 * Fixtures of the invitation programme's abuse rules, written straight to the tables: members with
 * their own address (unless given one), and the links the rules look for (payees and cards with a
 * fingerprint, a device both signed in on, where a member signed up), and rewards in a given status.
 */

export interface TestMember {
  id: string;
  uid: string;
  email: string;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A TRON-shaped address of its own: members made here share nothing unless a test says so. */
export const freshAddress = () => `T${Array.from({ length: 33 }, () => BASE58[randomInt(BASE58.length)]).join('')}`;

export async function member(
  db: Db,
  {
    invitedBy = null,
    network = 'TRON',
    address = freshAddress(),
    ip,
    signedUpAt = new Date(),
  }: { invitedBy?: string | null; network?: 'TRON' | 'BSC'; address?: string; ip?: string; signedUpAt?: Date } = {},
): Promise<TestMember> {
  const tag = randomBytes(6).toString('hex');
  const user = await insertUser(db, {
    uid: String(randomInt(10_000_000, 100_000_000)),
    email: `abuse-${tag}@example.com`,
    password_hash: 'not-a-real-hash',
    bound_network: network,
    bound_address: address,
    invite_code: `AB${tag}`.toUpperCase(),
    invited_by: invitedBy,
  });
  if (ip !== undefined) await db.insertInto('member_signups').values({ user_id: user.id, ip, created_at: signedUpAt }).execute();
  return { id: user.id, uid: user.uid, email: user.email };
}

export async function payee(db: Db, userId: string, fingerprint: Buffer, { last4 = '1234', deleted = false } = {}) {
  const now = new Date();
  await db
    .insertInto('payees')
    .values({
      user_id: userId,
      kind: 'bank',
      name: 'Test Payee',
      bank_name: 'Test Bank',
      account_last4: last4,
      account_masked: `•••• ${last4}`,
      account_fingerprint: fingerprint,
      id_number_last4: '0000',
      key_id: 'dev1',
      secret: randomBytes(40),
      created_at: now,
      updated_at: now,
      deleted_at: deleted ? now : null,
    })
    .execute();
}

export async function card(db: Db, userId: string, fingerprint: Buffer, last4 = '4242') {
  const product = await db.selectFrom('card_products').select('id').where('type', '=', 'physical').executeTakeFirstOrThrow();
  const now = new Date();
  const tag = randomBytes(6).toString('hex');
  await db
    .insertInto('cards')
    .values({
      user_id: userId,
      product_id: product.id,
      type: 'physical',
      currency: 'USD',
      holder_first_name: 'Test',
      holder_last_name: 'User',
      status: 'active',
      issuer_card_id: `ic_abuse_${tag}`,
      last4,
      opening_fee: '0',
      opening_key: `abuse-${tag}`,
      shipping: null,
      number_fingerprint: fingerprint,
      bound_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A session of the member made on the device whose key hashes to `keyHash`, as sign-in records it. */
export async function device(db: Db, userId: string, keyHash: Buffer, label = 'Chrome on macOS') {
  const now = new Date();
  const session = await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: randomBytes(32), device: label, ip: '203.0.113.9', created_at: now, last_used_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('trusted_devices').values({ session_id: session.id, user_id: userId, key_hash: keyHash, created_at: now }).execute();
}

/** A level-1 card-spend reward of `member`'s activity to `beneficiary`, in the given status. */
export async function reward(
  db: Db,
  {
    beneficiary,
    member: memberId,
    status,
    amount = '1.5',
    currency = 'USD',
    cancelled = '0',
  }: {
    beneficiary: string;
    member: string;
    status: 'pending' | 'held' | 'available' | 'void';
    amount?: string;
    currency?: string;
    cancelled?: string;
  },
): Promise<string> {
  const tag = randomBytes(8).toString('hex');
  const now = new Date();
  const event = await db
    .insertInto('reward_events')
    .values({
      kind: 'card_spend',
      member_id: memberId,
      source_key: `abuse-test:${tag}`,
      source_ref: `card:${tag}`,
      amount: '100',
      currency,
      occurred_at: now,
      processed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('rewards')
    .values({
      event_id: event.id,
      beneficiary_id: beneficiary,
      member_id: memberId,
      level: 1,
      type_code: 16,
      role: 'member',
      upline: [memberId, beneficiary],
      currency,
      amount,
      cancelled,
      status,
      reason: status === 'held' ? 'flagged' : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function rewardStatus(db: Db, id: string): Promise<{ status: string; reason: string | null }> {
  return db.selectFrom('rewards').select(['status', 'reason']).where('id', '=', id).executeTakeFirstOrThrow();
}
