import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCard } from '../../test/card-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { inbound, wallet } from '../../test/ledger-fixtures';
import { systemClock } from '../platform/clock';
import type { Db } from '../platform/db/database';
import { insertSession } from './auth/queries';
import { authenticate } from './auth/sessions';
import type { CardDeps } from './cards/deps';
import { cardList, listTransactions } from './cards/service';
import { post } from './ledger';
import { cachedBalancesOf } from './wallet/balances';
import { listRecords } from './wallet/records';

/**
 * The reads a cache miss makes (batched-read.ts), asked for by several members in one turn of the
 * event loop, as a busy server's requests ask: each member gets their own answer, a request that
 * may not have its answer fails alone, and the members together cost the queries one of them does.
 * Run without the read caches, so every call reads.
 */
let database: TestDatabase;
let a: Awaited<ReturnType<typeof activeCard>>;
let b: Awaited<ReturnType<typeof activeCard>>;
const statements: string[] = [];

/** The test database as a new handle (so with loaders of its own) that notes every statement it runs. */
function counted(): Db {
  statements.length = 0;
  // Counted as their results come: a query's subqueries are transformed as queries of their own.
  const noting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements.push(args.queryId.queryId);
      return args.result;
    },
  };
  return database.handle.db.withPlugin(noting);
}

async function deposit(db: Db, userId: string, amount: string) {
  await post(db, {
    typeCode: 11,
    userId: null,
    idempotencyKey: randomUUID(),
    legs: [
      { accountId: await inbound(db, 'USDT'), amount: `-${amount}` },
      { accountId: await wallet(db, userId, 'USDT'), amount },
    ],
  });
}

async function purchases(db: Db, cardId: string, amounts: string[]) {
  for (const [i, amount] of amounts.entries()) {
    const ref = `auth_${randomUUID()}`;
    await sql`insert into card_transactions (card_id, type, issuer_ref, authorization_id, currency, amount, merchant, approved,
        held, settled, settled_amount, balance_change, created_at, updated_at)
      values (${cardId}::uuid, 'authorization', ${ref}, ${ref}, 'USD', ${amount}::numeric, ${JSON.stringify({ name: `Shop ${i}` })}::jsonb,
        true, 0, true, ${amount}::numeric, -${amount}::numeric, now(), now())`.execute(db);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.handle.db;
  a = await activeCard(db, { uid: 70_000_001, tag: 'together', balance: '50' });
  b = await activeCard(db, { uid: 70_000_002, tag: 'together', balance: '20' });
  await deposit(db, a.user_id, '12.5');
  await deposit(db, a.user_id, '1');
  await deposit(db, b.user_id, '3');
  await purchases(db, a.id, ['4.25', '7']);
  await purchases(db, b.id, ['9.5']);
});
afterAll(() => database.drop());

const usdt = (reply: { balances: Array<{ currency: string; balance: string }> }) =>
  reply.balances.find((x) => x.currency === 'USDT')?.balance;

describe('member reads asked for together', () => {
  it('give each member their own balances, for the queries of one member and the prices of the other', async () => {
    let db = counted();
    await cachedBalancesOf(db, a.user_id);
    const alone = statements.length;
    db = counted();
    const [ofA, ofB] = await Promise.all([cachedBalancesOf(db, a.user_id), cachedBalancesOf(db, b.user_id)]);
    expect([usdt(ofA), usdt(ofB)]).toEqual(['13.5', '3']);
    // Without the caches each member's estimate reads the prices; the app reads them once for all.
    expect(statements).toHaveLength(alone + 1);
  });

  it('give each member their own cards and pages, and fail only the request for a card not the member’s', async () => {
    const deps = { db: counted() } as CardDeps;
    const page = { limit: 20 };
    const [cardsOfA, cardsOfB, pageOfA, pageOfB, notTheirs] = await Promise.allSettled([
      cardList(deps, a.user_id, 'en'),
      cardList(deps, b.user_id, 'en'),
      listTransactions(deps, a.user_id, a.id, page, 'en'),
      listTransactions(deps, b.user_id, b.id, page, 'en'),
      listTransactions(deps, b.user_id, a.id, page, 'en'),
    ]);
    const value = <T>(settled: PromiseSettledResult<T>) => (settled.status === 'fulfilled' ? settled.value : undefined);
    expect(value(cardsOfA)?.cards.map((card) => [card.id, card.balance])).toEqual([[a.id, '50']]);
    expect(value(cardsOfB)?.cards.map((card) => [card.id, card.balance])).toEqual([[b.id, '20']]);
    expect(value(pageOfA)?.transactions.map((tx) => tx.amount)).toEqual(['7', '4.25']);
    expect(value(pageOfB)?.transactions.map((tx) => tx.amount)).toEqual(['9.5']);
    expect(notTheirs).toMatchObject({ status: 'rejected', reason: { code: 'CARD_NOT_FOUND' } });
    // The cards, their holders, their balances, the catalogue for each member (the app holds one for
    // all), and the three pages in one.
    expect(statements).toHaveLength(6);
  });

  it('page a card’s transactions from a cursor, a page asked with the first pages of others', async () => {
    const deps = { db: counted() } as CardDeps;
    const first = await listTransactions(deps, a.user_id, a.id, { limit: 1 }, 'en');
    expect(first.transactions.map((tx) => tx.amount)).toEqual(['7']);
    const [second, ofB] = await Promise.all([
      listTransactions(deps, a.user_id, a.id, { limit: 1, cursor: first.nextCursor ?? undefined }, 'en'),
      listTransactions(deps, b.user_id, b.id, { limit: 1 }, 'en'),
    ]);
    expect(second).toMatchObject({ transactions: [{ amount: '4.25' }], nextCursor: null });
    expect(ofB).toMatchObject({ transactions: [{ amount: '9.5' }], nextCursor: null });
  });

  it('give each member their own records, each filter its own page', async () => {
    const db = counted();
    const first = { limit: 20 };
    const [ofA, ofB, deposits, cardOnly] = await Promise.all([
      listRecords(db, a.user_id, first, 'en'),
      listRecords(db, b.user_id, first, 'en'),
      listRecords(db, a.user_id, { limit: 1, family: 'deposits' }, 'en'),
      listRecords(db, b.user_id, { limit: 20, currency: 'HKD' }, 'en'),
    ]);
    expect(ofA.records.map((r) => r.amount)).toEqual(['1', '12.5']);
    expect(ofB.records.map((r) => r.amount)).toEqual(['3']);
    expect(deposits.records.map((r) => r.amount)).toEqual(['1']);
    expect(deposits.nextCursor).not.toBeNull();
    expect(cardOnly.records).toEqual([]);
    // One query per distinct page: both members' first pages in one.
    expect(statements).toHaveLength(3);
  });

  it('find each token’s session, and refuse an unknown or revoked one alone', async () => {
    const db = counted();
    const tokens = await Promise.all(
      [a.user_id, b.user_id, a.user_id].map(async (userId) => {
        const token = randomUUID().replaceAll('-', '');
        const hash = createHash('sha256').update(token).digest();
        const { id } = await insertSession(database.handle.db, {
          user_id: userId,
          token_hash: hash,
          device: 'test',
          ip: null,
          now: new Date(),
        });
        return { token, id };
      }),
    );
    const revoked = tokens[2] as { token: string; id: string };
    await database.handle.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', revoked.id).execute();
    statements.length = 0;
    const asking = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, method: 'GET' }) as FastifyRequest;
    const settled = await Promise.allSettled(
      [tokens[0]?.token, tokens[1]?.token, revoked.token, 'unknownunknownunknown0'].map(async (token) =>
        authenticate(db, systemClock, asking(token as string)),
      ),
    );
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.userId : (s.reason as { code: string }).code))).toEqual([
      a.user_id,
      b.user_id,
      'UNAUTHORIZED',
      'UNAUTHORIZED',
    ]);
    expect(statements).toHaveLength(1);
  });
});
