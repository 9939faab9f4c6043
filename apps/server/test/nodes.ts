import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import type { Member } from './accounts';
import { PIN } from './accounts';
import type { TestApp } from './app';

/** Fixtures of the node tests (issue 44): member calls, balances and settings straight from the tables. */
export function nodeCalls(t: TestApp) {
  const db = () => t.database.handle.db;
  return {
    db,
    post: (member: Member, url: string, payload: Record<string, unknown>, key: string = randomUUID(), language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/nodes${url}`,
        headers: { ...member.headers, 'idempotency-key': key, 'accept-language': language },
        payload,
      }),
    get: (member: Member, url: string) => t.app.inject({ method: 'GET', url: `/api/v1/nodes${url}`, headers: member.headers }),
    buy: (member: Member, quantity: number, price = '1000', key: string = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/nodes/purchases',
        headers: { ...member.headers, 'idempotency-key': key },
        payload: { quantity, expectedAmount: String(BigInt(price) * BigInt(quantity)), paymentPassword: PIN },
      }),
    async userId(member: Member): Promise<string> {
      return (await db().selectFrom('users').select('id').where('uid', '=', member.profile.uid).executeTakeFirstOrThrow()).id;
    },
    /** The member's USDT in an account of theirs: 'wallet', or 'held' for what waits on a decision. */
    async usdt(member: Member, purpose: 'wallet' | 'held' = 'wallet'): Promise<string> {
      const row = await db()
        .selectFrom('ledger_accounts as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select('a.balance')
        .where('u.uid', '=', member.profile.uid)
        .where('a.currency', '=', 'USDT')
        .where('a.purpose', '=', purpose)
        .executeTakeFirst();
      return new Decimal(row?.balance ?? '0').toFixed();
    },
    /** The node desk's USDT, over all its shards. */
    async nodeDesk(): Promise<string> {
      const { rows } = await sql<{ total: string }>`select coalesce(sum(balance), 0)::text as total from ledger_accounts
        where user_id is null and currency = 'USDT' and purpose = 'node_desk'`.execute(db());
      return new Decimal(rows[0]?.total ?? '0').toFixed();
    },
    async setting(key: string, value: string) {
      await db()
        .insertInto('console_settings')
        .values({ key, value, updated_by: null })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
