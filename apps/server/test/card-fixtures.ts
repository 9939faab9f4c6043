import { insertUser } from '../src/modules/auth/queries';
import { cardAccountIds } from '../src/modules/cards/accounts';
import { accountId, post } from '../src/modules/ledger';
import type { Db } from '../src/platform/db/database';

/**
 * An active USD virtual card made straight in the database, without an issuer, with `balance`
 * available on it: for decision tests and the benchmark, which need many cards and no opening.
 * `uid` and `tag` make its user, issuer id and keys unique.
 */
export async function activeCard(db: Db, { uid, tag, balance }: { uid: number; tag: string; balance: string }) {
  const product = await db
    .selectFrom('card_products')
    .select('id')
    .where('currency', '=', 'USD')
    .where('type', '=', 'virtual')
    .executeTakeFirstOrThrow();
  const user = await insertUser(db, {
    uid: String(uid),
    email: `${tag}-${uid}@example.com`,
    password_hash: 'x',
    bound_network: 'TRON',
    bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    invite_code: `C${uid}`,
  });
  const now = new Date();
  const row = await db
    .insertInto('cards')
    .values({
      user_id: user.id,
      product_id: product.id,
      type: 'virtual',
      currency: 'USD',
      holder_first_name: 'Test',
      holder_last_name: 'User',
      status: 'active',
      issuer_card_id: `ic_${tag}_${uid}`,
      last4: '0000',
      opening_fee: '0',
      opening_key: `${tag}-${uid}`,
      shipping: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const accounts = await cardAccountIds(db, row);
  if (balance !== '0')
    await post(db, {
      typeCode: 24,
      userId: user.id,
      idempotencyKey: `${tag}-fund-${uid}`,
      legs: [
        { accountId: accounts.available, amount: balance },
        { accountId: await accountId(db, { userId: null, currency: 'USD', purpose: 'test_funding' }), amount: `-${balance}` },
      ],
    });
  return { ...row, issuerId: row.issuer_card_id as string, accounts };
}
