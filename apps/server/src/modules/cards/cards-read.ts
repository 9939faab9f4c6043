import {
  type Card,
  type CardList,
  type CardTransactionList,
  Decimal,
  isLedgerTypeCode,
  type Language,
  LEDGER_TYPES,
} from '@wallet/contract';
import { sql } from 'kysely';
import { batchedRead } from '../../platform/batched-read';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { readCaches } from '../../platform/read-caches';
import { markShared } from '../../platform/shared-replies';
import { entriesOf } from '../ledger';
import { cardBalances, cardPurpose } from './accounts';
import type { CardDeps } from './deps';
import { type CardRow, type CardTxRow, findCardholders, findUserCard, listProducts, listUsersCards } from './queries';
import { toCard, toTransaction } from './view';

/**
 * The member's cards with their balances. Kept in memory until one of their cards, its accounts, their
 * KYC or the catalogue changes (ADR 0004): the list and every card's page are read from it.
 */
export function cardList(deps: CardDeps, userId: string, language: Language): CardList | Promise<CardList> {
  const cache = readCaches(deps.db)?.cards;
  if (!cache) return readCards(deps, userId, language);
  return cache.get(userId, language, () => readCards(deps, userId, language));
}

export async function listCards(deps: CardDeps, userId: string, language: Language): Promise<Card[]> {
  return (await cardList(deps, userId, language)).cards;
}

/** Every product, enabled or not (a card keeps a disabled one), read once for all members' lists (ADR 0004). */
function cardCatalogue(deps: CardDeps) {
  const cache = readCaches(deps.db)?.cardProducts;
  return cache ? cache.get('all', () => listProducts(deps.db, { enabledOnly: false })) : listProducts(deps.db, { enabledOnly: false });
}

async function readCards(deps: CardDeps, userId: string, language: Language): Promise<CardList> {
  // The member's cards and the catalogue do not depend on each other: read at once.
  const [{ rows, holder, balances }, catalogue] = await Promise.all([cardFacts(deps.db, userId), cardCatalogue(deps)]);
  let products = new Map(catalogue.map((p) => [p.id, p]));
  if (rows.some((row) => !products.has(row.product_id))) {
    // A product another server has just added, not announced here yet: the catalogue held is older.
    readCaches(deps.db)?.cardProducts.invalidate('all');
    products = new Map((await cardCatalogue(deps)).map((p) => [p.id, p]));
  }
  const kyc = { status: holder?.kyc_status ?? 'none', reason: holder?.kyc_reason ?? null } as const;
  const cards = rows.map((row) =>
    // biome-ignore lint/style/noNonNullAssertion: every card references an existing product (foreign key).
    toCard(row, products.get(row.product_id)!, balances.get(row.id) ?? { balance: '0', held: '0' }, kyc, language),
  );
  // Each card is also a reply of its own (GET /cards/:id), written once while it is cached.
  if (readCaches(deps.db)) for (const card of cards) markShared(card);
  return { cards };
}

/**
 * A member's cards, their balances and the cardholder, read with the other members' of this turn
 * (batched-read.ts): three queries for them all.
 */
const cardFacts = batchedRead(async (db, userIds: readonly string[]) => {
  const [cards, holders] = await Promise.all([listUsersCards(db, userIds), findCardholders(db, userIds)]);
  const balances = await cardBalances(
    db,
    cards.map((card) => card.id),
  );
  const cardsOf = new Map<string, CardRow[]>();
  for (const card of cards) {
    const own = cardsOf.get(card.user_id);
    if (own) own.push(card);
    else cardsOf.set(card.user_id, [card]);
  }
  const holderOf = new Map(holders.map((holder) => [holder.user_id, holder]));
  return userIds.map((id) => ({ rows: cardsOf.get(id) ?? [], holder: holderOf.get(id), balances }));
});

export async function getCard(deps: CardDeps, userId: string, cardId: string, language: Language) {
  const card = (await listCards(deps, userId, language)).find((c) => c.id === cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

export function listTransactions(
  deps: CardDeps,
  userId: string,
  cardId: string,
  query: { cursor?: string | undefined; limit: number },
  language: Language,
): CardTransactionList | Promise<CardTransactionList> {
  const cache = readCaches(deps.db)?.cardTransactions;
  if (!cache || query.cursor !== undefined) return readTransactions(deps, userId, cardId, query, language);
  return cache.get(userId, `${cardId}:${language}:${query.limit}`, () => readTransactions(deps, userId, cardId, query, language));
}

async function readTransactions(
  deps: CardDeps,
  userId: string,
  cardId: string,
  query: { cursor?: string | undefined; limit: number },
  language: Language,
): Promise<CardTransactionList> {
  const { currency, rows } = await transactionPage(deps.db, { userId, cardId, before: query.cursor ?? null, limit: query.limit + 1 });
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => r.id);
  return { transactions: page.map((r) => toTransaction(r, currency, language)), nextCursor };
}

interface PageOf {
  userId: string;
  cardId: string;
  /** The id the page starts below (the cursor), or null for the newest. */
  before: string | null;
  limit: number;
}

/**
 * Pages of members' cards' transactions, newest first, read with the other requests' of this turn
 * (batched-read.ts): each asked-for card with its page in one query, a card with no transactions as
 * one row of nulls, a card not the member's as none (CARD_NOT_FOUND for that request alone).
 */
const transactionPage = batchedRead(async (db, pages: readonly PageOf[]) => {
  const { rows } = await sql<CardTxRow & { i: string; card_currency: CardRow['currency'] }>`
    select k.i, c.currency as card_currency, t.*
    from unnest(
      ${pages.map((p) => p.cardId)}::uuid[], ${pages.map((p) => p.userId)}::uuid[],
      ${pages.map((p) => p.before)}::bigint[], ${pages.map((p) => p.limit)}::int[]
    ) with ordinality as k(card_id, user_id, before, lim, i)
    join cards c on c.id = k.card_id and c.user_id = k.user_id
    left join lateral (
      select ct.* from card_transactions ct
      -- A bound, not "before is null or", so the index on (card_id, id) starts the scan at the cursor.
      where ct.card_id = c.id and ct.id < coalesce(k.before, ${MAX_ID}::bigint)
      order by ct.id desc
      limit k.lim
    ) t on true
    order by k.i, t.id desc`.execute(db);
  const found = new Map<number, { currency: CardRow['currency']; rows: CardTxRow[] }>();
  for (const { i, card_currency, ...row } of rows) {
    const index = Number(i) - 1;
    let page = found.get(index);
    if (!page) {
      page = { currency: card_currency, rows: [] };
      found.set(index, page);
    }
    if (row.id !== null) page.rows.push(row);
  }
  return pages.map((_, index) => found.get(index) ?? new AppError('CARD_NOT_FOUND'));
});

/** The largest bigint: the bound of a first page. */
const MAX_ID = '9223372036854775807';

export async function getTransaction(deps: CardDeps, userId: string, cardId: string, txId: string, language: Language) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  const row = await deps.db
    .selectFrom('card_transactions')
    .selectAll()
    .where('card_id', '=', card.id)
    .where('id', '=', txId)
    .executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toTransaction(row, card.currency, language);
}

/** Card funding history: recharges, withdrawals to the wallet and fees, from the card account's entries. */
export async function listFunding(
  deps: CardDeps,
  userId: string,
  cardId: string,
  query: { cursor?: string | undefined; limit: number },
  language: Language,
) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  const rows = await entriesOf(deps.db, {
    purpose: cardPurpose(card.id),
    before: query.cursor,
    limit: query.limit + 1,
    typeCodes: [24, 231, 17, 22, 112],
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => r.id);
  return {
    funding: page.map((r) => ({
      id: r.journalId,
      typeCode: r.typeCode,
      label: isLedgerTypeCode(r.typeCode) ? LEDGER_TYPES[r.typeCode].label[language] : String(r.typeCode),
      currency: card.currency,
      amount: new Decimal(r.amount).toFixed(),
      time: r.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
