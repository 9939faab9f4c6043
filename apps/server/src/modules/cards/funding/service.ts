import {
  type CardOperation as ContractCardOperation,
  CURRENCIES,
  checkTypedAmount,
  Decimal,
  LIMITS,
  type RechargeQuote,
} from '@wallet/contract';
import { AppError } from '../../../platform/errors';
import { verifyPaymentPassword } from '../../auth/service';
import { accountId, type Leg, SYSTEM_PURPOSES, USER_WALLET } from '../../ledger';
import { midRate, usdPrices } from '../../wallet/rates';
import { cardAccountIds } from '../accounts';
import type { CardDeps } from '../deps';
import { type CardRow, findCard, findProduct, findUserCard } from '../queries';
import { type CardOperation, driveWhileWaiting, type PayoutOf, startOperation } from './operations';
import { findByRequest, findForCard } from './queries';

/** A USD card is funded from USDT at the current rate; an HKD card from HKD, one for one. */
const sourceOf = (card: CardRow) => (card.currency === 'USD' ? 'USDT' : 'HKD') as 'USDT' | 'HKD';

async function usableCard(deps: CardDeps, userId: string, cardId: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  // Another member's card is answered as one that does not exist: ids are never confirmed to strangers.
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  return card;
}

/**
 * What a recharge costs and brings, shown before the user confirms: at least 20, whole numbers; the
 * fee (the product's rate, rounded up) is paid on top; the card receives the amount converted at the
 * mid rate, rounded down to cents, so we never credit more than we took.
 */
export async function rechargeQuote(deps: CardDeps, userId: string, cardId: string, raw: string): Promise<RechargeQuote> {
  return priceRecharge(deps, await usableCard(deps, userId, cardId), raw);
}

async function priceRecharge(deps: CardDeps, card: CardRow, raw: string): Promise<RechargeQuote> {
  const source = sourceOf(card);
  const checked = checkTypedAmount(raw, source);
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  if (!checked.value.isInteger()) throw new AppError('RECHARGE_WHOLE_NUMBER');
  const minimum = source === 'USDT' ? LIMITS.cardRecharge.minimumUsdt : LIMITS.cardRecharge.minimumHkd;
  if (checked.value.lt(minimum)) throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum, currency: source });
  const product = await findProduct(deps.db, card.product_id);
  const fee = checked.value.mul(product?.recharge_fee_rate ?? 0).toDecimalPlaces(CURRENCIES[source].precision, Decimal.ROUND_UP);
  const rate = await shownRate(deps, source, card.currency);
  const credited = checked.value.mul(rate).toDecimalPlaces(CURRENCIES[card.currency].precision, Decimal.ROUND_DOWN);
  return {
    sourceCurrency: source,
    amount: checked.value.toFixed(),
    fee: fee.toFixed(),
    total: checked.value.plus(fee).toFixed(),
    rate: rate.toFixed(),
    credited: credited.toFixed(),
    cardCurrency: card.currency,
  };
}

/**
 * The mid rate cut to 8 decimals, the figure the member sees. What arrives is computed from this very
 * figure (amount x shown rate, rounded down), so the sheet's arithmetic holds to the cent and never
 * depends on digits the app did not show.
 */
async function shownRate(deps: CardDeps, from: 'USDT' | 'HKD' | 'USD', to: 'USDT' | 'HKD' | 'USD') {
  if (from === to) return new Decimal(1);
  const rate = midRate(await usdPrices(deps.db), from, to);
  if (!rate) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
  return rate.toDecimalPlaces(8, Decimal.ROUND_DOWN);
}

/** What a recharge holds and pays out, saved with its operation so it settles exactly as shown. */
type LoadTerms = RechargeQuote & { recordCode: string };
type UnloadTerms = { amount: string; cardCurrency: 'USD' | 'HKD'; rate: string; credited: string; walletCurrency: 'USDT' | 'HKD' };

/**
 * Wallet -> card (code 24, or 231 for a physical card): the total (amount plus fee) is held in the
 * wallet at once, then the issuer is asked to load the card (operations.ts). Its answer settles the
 * hold onto the card or returns it (code 112). A repeat with the same key returns the operation as it
 * stands and starts nothing; the payment password is asked only of a new request.
 */
export async function recharge(
  deps: CardDeps,
  userId: string,
  cardId: string,
  raw: string,
  paymentPassword: string,
  key: string,
  ip: string,
) {
  const existing = await findOperation(deps, userId, cardId, 'load', key);
  if (existing) return rechargeReply(await driveWhileWaiting(deps, existing, payoutOf(deps)), raw);
  const card = await usableCard(deps, userId, cardId);
  const quote = await priceRecharge(deps, card, raw);
  await verifyPaymentPassword(deps, userId, paymentPassword, ip);
  const recordCode = card.type === 'physical' ? 231 : 24;
  const wallet = await accountId(deps.db, { userId, currency: quote.sourceCurrency, purpose: USER_WALLET });
  const terms: LoadTerms = { ...quote, recordCode: String(recordCode) };
  const op = await startOperation(deps, {
    cardId: card.id,
    userId,
    kind: 'load',
    requestKey: key,
    amount: quote.credited,
    currency: card.currency,
    terms,
    hold: { accountId: wallet, amount: quote.total, typeCode: recordCode, userId, reference: `card:${card.id}`, memo: { ...quote } },
  });
  return rechargeReply(await driveWhileWaiting(deps, op, payoutOf(deps)), raw);
}

function rechargeReply(op: CardOperation, raw: string) {
  if (op.kind !== 'load' || !new Decimal(op.terms.amount ?? '0').eq(raw)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const { recordCode: _code, ...quote } = op.terms as LoadTerms;
  return { quote, operation: operationView(op) };
}

/**
 * The card to wallet terms shown before the payment password: what leaves, the rate, what arrives.
 * withdrawToWallet prices the real transfer with the same priceWithdrawal, so the quote is what moves.
 */
export async function withdrawQuote(deps: CardDeps, userId: string, cardId: string, raw: string): Promise<UnloadTerms> {
  return priceWithdrawal(deps, await usableCard(deps, userId, cardId), raw);
}

async function priceWithdrawal(deps: CardDeps, card: CardRow, raw: string): Promise<UnloadTerms> {
  const checked = checkTypedAmount(raw, card.currency);
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  const target = sourceOf(card);
  const rate = await shownRate(deps, card.currency, target);
  const credited = checked.value.mul(rate).toDecimalPlaces(CURRENCIES[target].precision, Decimal.ROUND_DOWN);
  return {
    amount: checked.value.toFixed(),
    cardCurrency: card.currency,
    rate: rate.toFixed(),
    credited: credited.toFixed(),
    walletCurrency: target,
  };
}

/**
 * Card -> wallet (code 17): the amount is held on the card at once (so no authorization can spend
 * it), then the issuer is asked to unload it. Its answer settles the hold into the wallet (USDT at
 * the quoted rate for a USD card, HKD one for one) or returns it to the card. No card lock is held
 * while the issuer is asked, so authorizations of every card go on meanwhile.
 */
export async function withdrawToWallet(
  deps: CardDeps,
  userId: string,
  cardId: string,
  raw: string,
  paymentPassword: string,
  key: string,
  ip: string,
) {
  const existing = await findOperation(deps, userId, cardId, 'unload', key);
  if (existing) return withdrawReply(await driveWhileWaiting(deps, existing, payoutOf(deps)), raw);
  const card = await usableCard(deps, userId, cardId);
  const terms = await priceWithdrawal(deps, card, raw);
  await verifyPaymentPassword(deps, userId, paymentPassword, ip);
  const { available } = await cardAccountIds(deps.db, card);
  const op = await startOperation(deps, {
    cardId: card.id,
    userId,
    kind: 'unload',
    requestKey: key,
    amount: terms.amount,
    currency: card.currency,
    terms,
    hold: { accountId: available, amount: terms.amount, typeCode: 17, userId, reference: `card:${card.id}`, memo: { ...terms } },
  });
  return withdrawReply(await driveWhileWaiting(deps, op, payoutOf(deps)), raw);
}

function withdrawReply(op: CardOperation, raw: string) {
  if (op.kind !== 'unload' || !new Decimal(op.amount).eq(raw)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const terms = op.terms as UnloadTerms;
  return {
    amount: terms.amount,
    cardCurrency: terms.cardCurrency,
    credited: terms.credited,
    walletCurrency: terms.walletCurrency,
    rate: terms.rate,
    operation: operationView(op),
  };
}

async function findOperation(deps: CardDeps, userId: string, cardId: string, kind: 'load' | 'unload', key: string) {
  const op = await findByRequest(deps.db, cardId, kind, key);
  return op && op.user_id === userId ? op : null;
}

/** One operation of the user's card, driven a step if it is due (the app polls this while it processes). */
export async function getOperation(deps: CardDeps, userId: string, cardId: string, id: string) {
  const op = await findForCard(deps.db, cardId, id);
  if (!op || op.user_id !== userId) throw new AppError('CARD_OPERATION_NOT_FOUND');
  return operationView(await driveWhileWaiting(deps, op, payoutOf(deps)));
}

export function operationView(op: CardOperation): ContractCardOperation {
  const load = op.kind === 'load';
  const t = op.terms;
  return {
    id: op.id,
    cardId: op.card_id,
    kind: load ? 'recharge' : 'withdraw',
    status: op.state === 'succeeded' ? 'succeeded' : op.state === 'failed' ? 'failed' : 'processing',
    debited: (load ? t.total : t.amount) as string,
    debitedCurrency: (load ? t.sourceCurrency : t.cardCurrency) as string,
    fee: load ? (t.fee as string) : '0',
    rate: t.rate as string,
    credited: t.credited as string,
    creditedCurrency: (load ? t.cardCurrency : t.walletCurrency) as string,
    createdAt: op.created_at.toISOString(),
    finishedAt: op.finished_at?.toISOString() ?? null,
  };
}

/**
 * Where a confirmed operation's hold goes. A recharge: the fee to revenue, the amount onto the card
 * (through the exchange desk when the wallet currency differs). A withdrawal: into the wallet, through
 * the desk for a USD card. Every figure comes from the terms the member confirmed.
 */
export const payoutOf =
  (deps: CardDeps): PayoutOf =>
  async (op) => {
    const card = await findCard(deps.db, op.card_id);
    if (!card) throw new Error(`card operation ${op.id}: no card ${op.card_id}`);
    const { available } = await cardAccountIds(deps.db, card);
    const system = (currency: string, purpose: string) => accountId(deps.db, { userId: null, currency: currency as never, purpose });
    const desk = SYSTEM_PURPOSES.exchangeDesk;
    if (op.kind === 'load') {
      const t = op.terms as LoadTerms;
      const legs: Leg[] = [{ accountId: available, amount: t.credited }];
      if (new Decimal(t.fee).gt(0)) legs.push({ accountId: await system(t.sourceCurrency, SYSTEM_PURPOSES.feeRevenue), amount: t.fee });
      if (t.sourceCurrency !== t.cardCurrency)
        legs.push(
          { accountId: await system(t.sourceCurrency, desk), amount: t.amount },
          { accountId: await system(t.cardCurrency, desk), amount: new Decimal(t.credited).neg().toFixed() },
        );
      return { legs, typeCode: Number(t.recordCode) === 231 ? 231 : 24 };
    }
    const t = op.terms as UnloadTerms;
    const wallet = await accountId(deps.db, { userId: op.user_id, currency: t.walletCurrency as never, purpose: USER_WALLET });
    const legs: Leg[] = [{ accountId: wallet, amount: t.credited }];
    if (t.walletCurrency !== t.cardCurrency)
      legs.push(
        { accountId: await system(t.cardCurrency, desk), amount: t.amount },
        { accountId: await system(t.walletCurrency, desk), amount: new Decimal(t.credited).neg().toFixed() },
      );
    return { legs, typeCode: 17 };
  };
