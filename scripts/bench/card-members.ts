import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { cardAccountIds } from '../../apps/server/src/modules/cards/accounts';
import { accountId, type Posting, postBatch, SYSTEM_PURPOSES, USER_WALLET } from '../../apps/server/src/modules/ledger';
import type { Db } from '../../apps/server/src/platform/db/database';
import { insertBenchSessions } from './users';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** Rows per multi-row insert, postings per postBatch: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;
const POSTINGS_PER_BATCH = 256;

export interface CardMember {
  userId: string;
  uid: string;
  email: string;
  /** A bearer session's token, when `sessions` was asked for. */
  token: string;
  /** The member's active USD virtual card: the app's id and the issuer's. */
  cardId: string;
  issuerCardId: string;
}

export interface CardMemberOptions {
  /** Keeps this bench's emails, invite codes and issuer card ids apart from every other bench's. */
  prefix: string;
  /** uids are firstUid, firstUid + 1, ... (8 digits, as the app's). */
  firstUid: number;
  /** The login password's argon2id hash (one serves all: it costs the same to check as each member's own). */
  passwordHash?: string;
  /** The payment password's stored form for a member's id (keyed by it, as the app stores it). */
  paymentHash?: (userId: string) => string;
  /** A bearer session each, made as createSession makes them. */
  sessions: boolean;
  /** Wallet balances, each an adjustment journal (code 13) as the admin's adjustments are: records in the wallet's list. */
  wallet: Array<{ currency: 'USDT' | 'USD' | 'JPY'; amount: string }>;
  /** What the card holds, posted as a recharge's credit is (code 24). */
  cardBalance: string;
  /** Cleared purchases listed on each card (rows only: the reads list them, no money moves for them). */
  cardTransactions: number;
}

/**
 * `count` members, each with an active USD virtual card, made straight in the database through the
 * app's own tables and ledger (multi-row inserts and postBatch: a thousand members in seconds).
 * Opening and KYC are not what is measured, so the cards start active, as test/card-fixtures.ts
 * makes one; their issuer ids are `ic_<prefix>_<uid>`.
 */
export async function cardMembers(db: Db, count: number, options: CardMemberOptions): Promise<CardMember[]> {
  const { prefix, firstUid } = options;
  const product = await db
    .selectFrom('card_products')
    .select('id')
    .where('currency', '=', 'USD')
    .where('type', '=', 'virtual')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const members: CardMember[] = [];
  const now = new Date();
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    const indexes = Array.from({ length: Math.min(ROWS_PER_INSERT, count - from) }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          indexes.map((i) => {
            const id = randomUUID();
            return {
              id,
              uid: String(firstUid + i),
              email: `${prefix}-${i}@bench.example.com`,
              password_hash: options.passwordHash ?? 'x',
              payment_password_hash: options.paymentHash?.(id) ?? null,
              bound_network: 'TRON' as const,
              bound_address: TRON_ADDRESS,
              invite_code: `${prefix.toUpperCase()}${i}`,
            };
          }),
        )
        .returning(['id', 'uid', 'email'])
        .execute();
      const made = users.map((u) => ({
        userId: u.id,
        uid: u.uid,
        email: u.email,
        token: options.sessions ? randomBytes(32).toString('base64url') : '',
      }));
      if (options.sessions) await insertBenchSessions(trx, made, now);
      const cards = await trx
        .insertInto('cards')
        .values(
          made.map((m) => ({
            user_id: m.userId,
            product_id: product.id,
            type: 'virtual' as const,
            currency: 'USD' as const,
            holder_first_name: 'Bench',
            holder_last_name: 'Member',
            status: 'active' as const,
            issuer_card_id: `ic_${prefix}_${m.uid}`,
            last4: '0000',
            opening_fee: '0',
            opening_key: `${prefix}-card-${m.uid}`,
            shipping: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'user_id', 'issuer_card_id'])
        .execute();
      const cardOf = new Map(cards.map((c) => [c.user_id, c]));
      for (const m of made) {
        const card = cardOf.get(m.userId);
        if (!card) throw new Error(`no card made for ${m.uid}`);
        members.push({ ...m, cardId: card.id, issuerCardId: card.issuer_card_id as string });
      }
    });
  }

  for (const { currency, amount } of options.wallet) {
    const adjustments = await accountId(db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments });
    await postAll(
      db,
      members,
      async (m) => ({ accountId: await accountId(db, { userId: m.userId, currency, purpose: USER_WALLET }), other: adjustments }),
      (m) => ({ typeCode: 13, key: `bench-${prefix}-${currency}-${m.uid}`, amount }),
    );
  }
  if (options.cardBalance !== '0') {
    const funding = await accountId(db, { userId: null, currency: 'USD', purpose: 'test_funding' });
    await postAll(
      db,
      members,
      async (m) => ({
        accountId: (await cardAccountIds(db, { id: m.cardId, user_id: m.userId, currency: 'USD' })).available,
        other: funding,
      }),
      (m) => ({ typeCode: 24, key: `bench-${prefix}-card-${m.uid}`, amount: options.cardBalance }),
    );
  }
  if (options.cardTransactions > 0) await cardTransactions(db, members, options.cardTransactions, prefix);
  // Statistics as a live database has them, not those of the tables before the bulk inserts.
  await sql`analyze users, sessions, cards, card_transactions, ledger_accounts, ledger_entries, ledger_journal`.execute(db);
  return members;
}

/** One posting per member, `amount` from `other` onto the member's account, POSTINGS_PER_BATCH at a time. */
async function postAll(
  db: Db,
  members: CardMember[],
  accounts: (m: CardMember) => Promise<{ accountId: string; other: string }>,
  what: (m: CardMember) => { typeCode: 13 | 24; key: string; amount: string },
) {
  for (let i = 0; i < members.length; i += POSTINGS_PER_BATCH) {
    const chunk = members.slice(i, i + POSTINGS_PER_BATCH);
    const ids = await Promise.all(chunk.map(accounts));
    const postings: Posting[] = chunk.map((m, j) => {
      const { typeCode, key, amount } = what(m);
      const { accountId: to, other } = ids[j] as { accountId: string; other: string };
      return {
        typeCode,
        userId: m.userId,
        idempotencyKey: key,
        legs: [
          { accountId: other, amount: `-${amount}` },
          { accountId: to, amount },
        ],
      };
    });
    const refused = (await postBatch(db, postings)).find((r) => r.status === 'rejected');
    if (refused) throw new Error(`funding the bench members failed: ${(refused as PromiseRejectedResult).reason}`);
  }
}

/** `perCard` cleared purchases on each card, the newest a minute ago, one an hour before the other. */
async function cardTransactions(db: Db, members: CardMember[], perCard: number, prefix: string) {
  const now = new Date();
  await sql`insert into card_transactions (card_id, type, issuer_ref, authorization_id, currency, amount, merchant, approved,
      held, settled, settled_amount, balance_change, created_at, updated_at)
    select c.id, 'authorization', r.ref, r.ref, 'USD', r.amount, ${JSON.stringify({ name: 'Bench Coffee', mcc: '5814', country: 'HK' })}::jsonb,
      true, 0, true, r.amount, -r.amount, r.at, r.at
    from unnest(${members.map((m) => m.cardId)}::uuid[]) as c(id)
    cross join generate_series(1, ${perCard}::int) as n
    cross join lateral (select 'iauth_' || ${prefix} || '_' || c.id || '_' || n as ref, (3 + n % 7)::numeric + 0.25 as amount,
      ${now}::timestamptz - make_interval(mins => 1 + (${perCard} - n) * 60) as at) as r
    order by r.at, c.id`.execute(db);
}
