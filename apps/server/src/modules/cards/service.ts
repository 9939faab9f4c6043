import {
  type adminCardProductBodySchema,
  type Card,
  type CardList,
  type CardTransactionList,
  Decimal,
  isLedgerTypeCode,
  isLuhnValid,
  isTrivialPin,
  type Language,
  LEDGER_TYPES,
  type SecondFactorProof,
} from '@wallet/contract';
import type { z } from 'zod';
import { batchedRead } from '../../platform/batched-read';
import type { Executor } from '../../platform/db/database';
import type { DailySum, DayRange } from '../../platform/db/day-buckets';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { readCaches } from '../../platform/read-caches';
import { checkSecret } from '../../platform/secret-limits';
import { markShared } from '../../platform/shared-replies';
import { findUserContact, verifyPaymentPassword } from '../auth/service';
import { verifyStepUp } from '../auth/step-up';
import { entriesOf } from '../ledger';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import { holdsUnusedTicket } from '../rewards/tickets';
import { cardBalances, cardPurpose } from './accounts';
import { cardProductsChanged, cardsChanged } from './card-changes';
import type { CardDeps } from './deps';
import { cardNumberFingerprint } from './number-fingerprint';
import type { CardRow, CardTxRow, ProductRow } from './queries';
import * as q from './queries';
import { toCard, toProduct, toTransaction } from './view';

/*
 * The member's cards: reading them (with the cache of ADR 0004), acting on one (reveal, freeze, PIN,
 * binding) and the operator's product catalogue. Opening, funding, authorizations, KYC and controls
 * are subfolders, each with its service and queries.
 */

/** Cards as other modules read them (statements): through these, never the cards tables. */
export { cardPurpose } from './accounts';
export { cardSubjects, cardsAfter, findCard, findUserCard } from './queries';

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
  return cache ? cache.get('all', () => q.listProducts(deps.db, { enabledOnly: false })) : q.listProducts(deps.db, { enabledOnly: false });
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
  const [cards, holders] = await Promise.all([q.listUsersCards(db, userIds), q.findCardholders(db, userIds)]);
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

/**
 * Pages of members' cards' transactions, newest first, read with the other requests' of this turn
 * (batched-read.ts): each asked-for card with its page in one query, a card with no transactions as
 * one row of nulls, a card not the member's as none (CARD_NOT_FOUND for that request alone).
 */
const transactionPage = batchedRead(async (db, pages: readonly q.PageOf[]) => {
  const rows = await q.transactionPages(db, pages);
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

export async function getTransaction(deps: CardDeps, userId: string, cardId: string, txId: string, language: Language) {
  const card = await q.findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  const row = await q.findTransaction(deps.db, card.id, txId);
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
  const card = await q.findUserCard(deps.db, userId, cardId);
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

/** The app hides revealed details again after this long; the reply says so, so the screen can count down. */
export const REVEAL_SECONDS = 60;

/**
 * Card number and CVV, fetched from the issuer for this one reply after the second factor (when on)
 * and the payment password: never
 * stored, never logged (the logger redacts pan and cvv), sent with Cache-Control: no-store.
 */
export async function revealCard(
  deps: CardDeps,
  userId: string,
  cardId: string,
  proof: { paymentPassword: string; secondFactor?: SecondFactorProof | undefined },
  ip: string,
) {
  const card = await q.findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.type === 'physical') throw new AppError('CARD_DETAILS_ON_CARD');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  await verifyStepUp(deps, userId, proof.secondFactor, ip);
  await verifyPaymentPassword(deps, userId, proof.paymentPassword, ip);
  let secrets: Awaited<ReturnType<CardDeps['issuer']['reveal']>>;
  try {
    secrets = await deps.issuer.reveal(card.issuer_card_id as string);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  return {
    pan: secrets.pan,
    cvv: secrets.cvv,
    expiry: `${String(secrets.expMonth).padStart(2, '0')}/${String(secrets.expYear).slice(-2)}`,
    holderName: `${card.holder_first_name} ${card.holder_last_name}`.toUpperCase(),
    hideAfterSeconds: REVEAL_SECONDS,
  };
}

/**
 * Freeze or unfreeze by the user, at the issuer first (so a frozen card is frozen everywhere).
 * Unfreezing also clears a freeze made by the rules, resets the count of failures and starts a new
 * failure-rate window.
 */
export async function setFrozen(deps: CardDeps, userId: string, cardId: string, frozen: boolean) {
  const card = await q.findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active' && card.status !== 'awaiting_kyc') throw new AppError('CARD_NOT_OPEN');
  if (card.frozen === frozen) return;
  // A card frozen from the console (compliance) stays frozen until an operator unfreezes it.
  if (card.freeze_reason === 'operator') throw new AppError('CARD_FROZEN_BY_OPERATOR');
  try {
    if (frozen) await deps.issuer.freeze(card.issuer_card_id as string);
    else await deps.issuer.unfreeze(card.issuer_card_id as string);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  const now = deps.clock.now();
  const last = await q.lastTransactionId(deps.db, card.id);
  await q.updateCard(
    deps.db,
    card.id,
    frozen
      ? { frozen: true, freeze_reason: 'user', updated_at: now }
      : { frozen: false, freeze_reason: null, consecutive_funds_failures: 0, rule_window_after_id: last ?? '0', updated_at: now },
  );
  cardsChanged(deps.db, [card.user_id]);
}

export async function setPin(deps: CardDeps, userId: string, cardId: string, pin: string, paymentPassword: string, ip: string) {
  const card = await q.findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  // A physical card gets its PIN after its printed number is bound (PRODUCT_SPEC.md section 4).
  if (card.type === 'physical' && !card.bound_at) throw new AppError('CARD_NOT_BOUND');
  // Before the payment password, so a refused PIN costs no password attempt.
  if (isTrivialPin(pin)) throw new AppError('CARD_PIN_TOO_SIMPLE');
  await verifyPaymentPassword(deps, userId, paymentPassword, ip);
  try {
    await deps.issuer.setPin(card.issuer_card_id as string, pin);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  await q.updateCard(deps.db, card.id, { pin_set: true, updated_at: deps.clock.now() });
  cardsChanged(deps.db, [card.user_id]);
}

/**
 * Binds a delivered physical card by the number printed on it. The issuer compares the number (the app
 * keeps only the last four digits, checked first so an obvious typo costs no issuer call). A number
 * that fails the Luhn check is a typo, not a guess: it is refused and not counted. Wrong numbers are
 * counted by the card_number limits (LIMITS.secretAttempts, per card and per client address) and
 * pause binding, so the hidden digits cannot be found by trying. Binding again with the right number
 * changes nothing.
 */
export async function bindPhysicalCard(deps: CardDeps, userId: string, cardId: string, cardNumber: string, ip: string) {
  const card = await q.findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.type !== 'physical') throw new AppError('CARD_NOT_PHYSICAL');
  const issuerCardId = card.issuer_card_id;
  if (card.status === 'opening' || card.status === 'failed' || !issuerCardId) throw new AppError('CARD_NOT_OPEN');
  if (card.shipping_status !== 'delivered') throw new AppError('CARD_NOT_DELIVERED');
  if (card.status !== 'active') throw new AppError('KYC_REQUIRED');
  // The number belongs to the card, so the card is the account its guesses are counted against.
  const verdict = await checkSecret(deps.limits, { kind: 'card_number', account: card.id, ip }, async () => {
    if (!isLuhnValid(cardNumber)) throw new AppError('CARD_NUMBER_INVALID');
    if (card.last4 === null || !cardNumber.endsWith(card.last4)) return false;
    try {
      return (await deps.issuer.bindPhysical(issuerCardId, cardNumber)).matched;
    } catch (error) {
      throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
    }
  });
  if (!verdict.ok) throw new AppError('CARD_NUMBER_MISMATCH', { remainingAttempts: verdict.remainingAttempts });
  // Only the fingerprint is kept (for the invitation programme's abuse rules); the number itself never is.
  await q.markBound(deps.db, card.id, cardNumberFingerprint({ APP_SECRET: deps.secret }, cardNumber), deps.clock.now());
  cardsChanged(deps.db, [card.user_id]);
}

/**
 * The products on offer as a member sees them before paying: with whether a card ticket they hold
 * pays the opening fee (the app shows it before the payment password). Opening decides again, under
 * lock, in the transaction that pays.
 */
export async function memberProducts(deps: CardDeps, userId: string, language: Language) {
  const [list, ticketCovers] = await Promise.all([products(deps, { enabledOnly: true }, language), holdsUnusedTicket(deps.db, userId)]);
  return { products: list, ticketCovers };
}

/** The products on offer to members, or every product for the operator. */
export async function products(deps: CardDeps, { enabledOnly }: { enabledOnly: boolean }, language: Language) {
  return (await q.listProducts(deps.db, { enabledOnly })).map((p) => toProduct(p, language));
}

type AdminCardProductBody = z.infer<typeof adminCardProductBodySchema>;

const productColumns = (body: AdminCardProductBody) => ({
  name: body.name,
  names: body.names,
  level: body.level,
  type: body.type,
  currency: body.currency,
  opening_fee: body.openingFee,
  monthly_fee: body.monthlyFee,
  recharge_fee_rate: body.rechargeFeeRate,
  enabled: body.enabled,
});

/** The audited fields of a product row: what the audit log shows before and after an operator's change. */
const productTerms = (row: ProductRow) => ({
  name: row.name,
  names: row.names,
  level: row.level,
  type: row.type,
  currency: row.currency,
  // As the API shows them ('50', not numeric's '50.000000000000000000').
  openingFee: new Decimal(row.opening_fee).toFixed(),
  monthlyFee: new Decimal(row.monthly_fee).toFixed(),
  rechargeFeeRate: new Decimal(row.recharge_fee_rate).toFixed(),
  enabled: row.enabled,
});

/** Adds a product to the catalogue; the operator's audit entry commits with it. */
export async function createProduct(deps: CardDeps, operator: OperatorContext, body: AdminCardProductBody) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.insertProduct(trx, productColumns(body));
    await recordOperatorAudit(trx, operator, { action: 'card_product.create', object: `card_product:${row.id}`, after: productTerms(row) });
    cardProductsChanged(trx);
    return row;
  });
}

/** Changes a product: its fees apply to later openings, recharges and months. Audited with the terms before and after. */
export async function changeProduct(deps: CardDeps, operator: OperatorContext, id: string, body: AdminCardProductBody) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await q.lockProduct(trx, id);
    if (!before) throw new AppError('CARD_PRODUCT_NOT_FOUND');
    const row = await q.updateProduct(trx, id, { ...productColumns(body), updated_at: deps.clock.now() });
    if (!row) throw new AppError('CARD_PRODUCT_NOT_FOUND');
    await recordOperatorAudit(trx, operator, {
      action: 'card_product.update',
      object: `card_product:${row.id}`,
      before: productTerms(before),
      after: productTerms(row),
    });
    cardProductsChanged(trx);
    return row;
  });
}

/** What the operators' console reads of cards: the day's spend, every card with its balance, the members a card number ends for. */
export async function cardDailySums(db: Executor, range: DayRange): Promise<DailySum[]> {
  const rows = await q.dailySpendSums(db, range);
  return rows.map((r) => ({ day: r.day, currency: r.currency, amount: new Decimal(r.amount).toFixed() }));
}

export async function cardPage(db: Executor, filter: q.CardFilter, page: { offset: number; limit: number }) {
  const { rows, total } = await q.pageCards(db, filter, page);
  const balances = await cardBalances(
    db,
    rows.map((row) => row.id),
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      product: row.product_name,
      type: row.type,
      currency: row.currency,
      status: row.status,
      last4: row.last4,
      frozen: row.frozen,
      freezeReason: row.freeze_reason,
      balance: new Decimal(balances.get(row.id)?.balance ?? '0').toFixed(),
      createdAt: row.created_at.toISOString(),
    })),
  };
}

export async function memberIdsByCardLast4(db: Executor, last4: string): Promise<string[]> {
  return (await q.userIdsByCardLast4(db, last4)).map((row) => row.user_id);
}

/**
 * An operator (compliance) freezes or unfreezes a member's card. As the member's own freeze: the
 * issuer first, outside any lock (a slow issuer holds no row), then the card and the audit entry in one
 * transaction. Repeating what already stands changes nothing and records nothing.
 */
export async function setFrozenByOperator(
  deps: CardDeps,
  operator: OperatorContext,
  cardId: string,
  frozen: boolean,
  reason: string | null,
) {
  const card = await q.findCard(deps.db, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active' && card.status !== 'awaiting_kyc') throw new AppError('CARD_NOT_OPEN');
  if (card.frozen === frozen) return { frozen, changed: false };
  try {
    if (frozen) await deps.issuer.freeze(card.issuer_card_id as string);
    else await deps.issuer.unfreeze(card.issuer_card_id as string);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockCard(trx, card.id);
    const last = await q.lastTransactionId(trx, card.id);
    await q.updateCard(
      trx,
      card.id,
      frozen
        ? { frozen: true, freeze_reason: 'operator', updated_at: now }
        : { frozen: false, freeze_reason: null, consecutive_funds_failures: 0, rule_window_after_id: last ?? '0', updated_at: now },
    );
    const member = (await findUserContact(trx, card.user_id)).uid;
    await recordOperatorAudit(trx, operator, {
      action: frozen ? 'card.freeze' : 'card.unfreeze',
      object: `card:${card.id}`,
      memberUid: member,
      before: { frozen: locked?.frozen ?? card.frozen, freezeReason: locked?.freeze_reason ?? card.freeze_reason },
      after: { frozen },
      reason,
    });
    cardsChanged(trx, [card.user_id]);
  });
  return { frozen, changed: true };
}
