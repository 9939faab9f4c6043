import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { accountId, type Posting, postBatch, SYSTEM_PURPOSES, USER_WALLET } from '../../apps/server/src/modules/ledger';
import type { Db } from '../../apps/server/src/platform/db/database';
import { loadInChild } from './child';
import type { ListLoad, ListLoadResult } from './lists-load';
import { serverEnv } from './money';
import { startServer } from './server';
import { sized } from './size';
import { benchMember } from './users';

/** Rows in each list, and the page size the app asks for. */
export const LIST_ROWS = sized(10_000, 60);
export const PAGE_SIZE = 20;
/** One stream of postings per currency: each has its own two accounts, so the streams never wait on each other's locks. */
const CURRENCIES = ['USDT', 'USD', 'JPY', 'EUR'] as const;
const BATCH = 250;

export interface ListsFigures {
  rows: number;
  pageSize: number;
  seedSeconds: number;
  records: ListLoadResult;
  orders: ListLoadResult;
  /** What the server logged at error level, when something failed with a 5xx. */
  serverErrors: string[];
}

/**
 * The two paged lists of one member over real HTTP: wallet records (the budget) and flash exchange
 * orders, LIST_ROWS rows each, PAGE_SIZE a page. The server is started as `npm start` starts it and
 * the pages are asked for from another process (lists-load.ts), by `connections` clients walking the
 * lists as the app does, following nextCursor to the end and back to the first page.
 */
export async function listsOverHttp(
  db: Db,
  url: string,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<ListsFigures> {
  const seeding = performance.now();
  const { userId, token } = await listUser(db);
  await Promise.all([records(db, userId, LIST_ROWS), orders(db, userId, LIST_ROWS)]);
  // Statistics as a live database has them: fresh from the bulk insert, with none yet (autoanalyze comes
  // within a minute or not), the records' first page was planned as a sort of all 10,000 entries.
  await sql`analyze ledger_accounts, ledger_entries, ledger_journal, payout_quotes, payout_orders, payout_order_events`.execute(db);
  const seedSeconds = (performance.now() - seeding) / 1000;

  const server = await startServer(serverEnv(url));
  try {
    const load = { baseUrl: server.baseUrl, token, connections, seconds, warmupSeconds, limit: PAGE_SIZE };
    const recordLoad = await loadInChild<ListLoad, ListLoadResult>('./lists-load.ts', {
      ...load,
      path: '/api/v1/wallet/records',
      rowsKey: 'records',
    });
    const orderLoad = await loadInChild<ListLoad, ListLoadResult>('./lists-load.ts', {
      ...load,
      path: '/api/v1/payout/orders',
      rowsKey: 'orders',
    });
    const serverErrors = recordLoad.serverErrors + orderLoad.serverErrors > 0 ? await server.errors(10) : [];
    return { rows: LIST_ROWS, pageSize: PAGE_SIZE, seedSeconds, records: recordLoad, orders: orderLoad, serverErrors };
  } finally {
    await server.stop();
  }
}

/** The member whose lists are read: its own uid, email and invite code, apart from every other bench's users. */
const listUser = (db: Db) => benchMember(db, { uid: '40000001', email: 'bench-lists@example.com', inviteCode: 'BENCHLISTS' });

/** `count` wallet records, each an adjustment journal posted through the ledger as the admin's adjustments are. */
async function records(db: Db, userId: string, count: number) {
  const perCurrency = Math.ceil(count / CURRENCIES.length);
  await Promise.all(
    CURRENCIES.map(async (currency, c) => {
      const adjustments = await accountId(db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments });
      const wallet = await accountId(db, { userId, currency, purpose: USER_WALLET });
      const mine = Math.min(perCurrency, count - c * perCurrency);
      for (let from = 0; from < mine; from += BATCH) {
        const postings: Posting[] = Array.from({ length: Math.min(BATCH, mine - from) }, (_, k) => ({
          typeCode: 13,
          userId,
          idempotencyKey: `bench-lists-${currency}-${from + k}`,
          legs: [
            { accountId: adjustments, amount: '-1' },
            { accountId: wallet, amount: '1' },
          ],
        }));
        const refused = (await postBatch(db, postings)).find((r) => r.status === 'rejected');
        if (refused) throw new Error(`seeding the records list failed: ${(refused as PromiseRejectedResult).reason}`);
      }
    }),
  );
}

/**
 * `count` flash exchange orders with their quotes and timelines, straight in SQL. They are only listed:
 * no money is held for them, and none is due, so no payout job picks one up (a submitted order's next
 * look-up is years away). Order i (1 the newest) was placed i x 397 s ago.
 */
async function orders(db: Db, userId: string, count: number) {
  const now = new Date();
  const payee = await db
    .insertInto('payees')
    .values({
      user_id: userId,
      kind: 'alipay',
      is_default: true,
      name: '张三',
      account_last4: '6789',
      id_number_last4: '1234',
      key_id: 'dev1',
      secret: randomBytes(64),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await sql`create temporary table bench_list_orders on commit drop as
      select i, gen_random_uuid() as quote_id, gen_random_uuid() as order_id, at, amount, fee, round((amount - fee) * 7.1, 2) as amount_out,
        case when i % 97 = 0 then 'submitted' when i % 40 = 0 then 'rejected' else 'arrived' end as stage
      from generate_series(1, ${count}::int) as i,
        lateral (select ${now}::timestamptz - make_interval(secs => i * 397) as at, (100 + (i % 50) * 10)::numeric as amount) as a,
        lateral (select round(amount * 0.003, 2) as fee) as f`.execute(trx);
    await sql`insert into payout_quotes (id, user_id, kind, amount, fee, rate, amount_out, created_at, expires_at)
      select quote_id, ${userId}, 'alipay', amount, fee, 7.1, amount_out, at, at + interval '30 seconds' from bench_list_orders`.execute(
      trx,
    );
    await sql`insert into payout_orders (id, user_id, request_key, quote_id, kind, payee_id, payee_name, payee_account_last4,
        key_id, payee_secret, amount, fee, rate, amount_out, day, stage, partner_reference, reason, attempts, next_attempt_at,
        created_at, updated_at, finished_at)
      select order_id, ${userId}, 'bench-lists-' || i, quote_id, 'alipay', ${payee.id}, '张三', '6789',
        'dev1', ${randomBytes(64)}, amount, fee, 7.1, amount_out, at::date, stage,
        case when stage <> 'rejected' then 'SBX-' || lpad(i::text, 8, '0') end,
        case when stage = 'rejected' then 'partner:payee_rejected' end, 1,
        case when stage = 'submitted' then ${now}::timestamptz + interval '10 years' else at end,
        at, at + interval '90 seconds', case when stage <> 'submitted' then at + interval '90 seconds' end
      from bench_list_orders`.execute(trx);
    // In timeline order, so each order's events read back (by id) as they happened.
    await sql`insert into payout_order_events (order_id, step, note, actor, created_at)
      select o.id, e.step, e.note, e.actor, e.at
      from payout_orders o
      cross join lateral (values
        (1, 'submitted', null::text, 'user:' || o.user_id, o.created_at),
        (2, 'sent', o.partner_reference, 'partner', o.created_at + interval '2 seconds'),
        (3, o.stage, null::text, 'partner', o.finished_at)
      ) as e(k, step, note, actor, at)
      where o.user_id = ${userId} and e.at is not null
      order by o.created_at, o.id, e.k`.execute(trx);
  });
}
