import {
  type Card,
  type CardList,
  type CardTransactionList,
  Decimal,
  isLedgerTypeCode,
  type Language,
  LEDGER_TYPES,
} from '@wallet/contract';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { readCaches } from '../../platform/read-caches';
import { markShared } from '../../platform/shared-replies';
import { entriesOf } from '../ledger';
import { cardBalances, cardPurpose } from './accounts';
import type { CardDeps } from './deps';
import { type CardTxRow, findCardholder, findUserCard, listProducts, listUserCards } from './queries';
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
  // The cards, the catalogue and the cardholder do not depend on each other: read at once, then the balances.
  const [rows, catalogue, holder] = await Promise.all([
    listUserCards(deps.db, userId),
    cardCatalogue(deps),
    findCardholder(deps.db, userId),
  ]);
  let products = new Map(catalogue.map((p) => [p.id, p]));
  if (rows.some((row) => !products.has(row.product_id))) {
    // A product another server has just added, not announced here yet: the catalogue held is older.
    readCaches(deps.db)?.cardProducts.invalidate('all');
    products = new Map((await cardCatalogue(deps)).map((p) => [p.id, p]));
  }
  const balances = await cardBalances(
    deps.db,
    rows.map((r) => r.id),
  );
  const kyc = { status: holder?.kyc_status ?? 'none', reason: holder?.kyc_reason ?? null } as const;
  const cards = rows.map((row) =>
    // biome-ignore lint/style/noNonNullAssertion: every card references an existing product (foreign key).
    toCard(row, products.get(row.product_id)!, balances.get(row.id) ?? { balance: '0', held: '0' }, kyc, language),
  );
  // Each card is also a reply of its own (GET /cards/:id), written once while it is cached.
  if (readCaches(deps.db)) for (const card of cards) markShared(card);
  return { cards };
}

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
  // The member's card and its page in one round trip: a card with no transactions is one row of nulls.
  const rows = await deps.db
    .selectFrom('cards as c')
    .leftJoinLateral(
      (eb) => {
        let page = eb
          .selectFrom('card_transactions as ct')
          .selectAll('ct')
          .whereRef('ct.card_id', '=', 'c.id')
          .orderBy('ct.id', 'desc')
          .limit(query.limit + 1);
        if (query.cursor) page = page.where('ct.id', '<', query.cursor);
        return page.as('t');
      },
      (join) => join.onTrue(),
    )
    .select('c.currency as card_currency')
    .selectAll('t')
    .where('c.id', '=', cardId)
    .where('c.user_id', '=', userId)
    .orderBy('t.id', 'desc')
    .execute();
  const [first] = rows;
  if (!first) throw new AppError('CARD_NOT_FOUND');
  const transactions = rows.filter((row): row is typeof row & CardTxRow => row.id !== null);
  const { page, nextCursor } = keysetPage(transactions, query.limit, (r) => r.id);
  return { transactions: page.map((r) => toTransaction(r, first.card_currency, language)), nextCursor };
}

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
