import { randomUUID } from 'node:crypto';
import {
  CURRENCIES,
  checkTypedAmount,
  Decimal,
  type Language,
  LIMITS,
  type PayeeKind,
  type PayoutOrder,
  type PayoutOrderSummary,
  type PayoutQuote,
  type PayoutTerms,
} from '@wallet/contract';
import { addSeconds } from '../../platform/clock';
import type { Executor } from '../../platform/db/database';
import type { DailySum, DayRange } from '../../platform/db/day-buckets';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { dayIn } from '../../platform/time-zone';
import { assertWithdrawalsNotHeld, enterPaymentGate } from '../auth/account-security';
import { requirePaymentPasswordSet, verifyPaymentPassword } from '../auth/service';
import { accountId, hold, USER_WALLET, walletBalances } from '../ledger';
import { midRate, usdPrices } from '../wallet/rates';
import type { PayoutDeps } from './deps';
import { holdKey, PAYOUT_CODES, sealForOrder } from './order-money';
import * as q from './order-queries';
import { payeeForOrder } from './payees';
import { reasonText } from './reasons';

/** The books' reads of orders (reconciliation with the partner). */
export { arrivedThroughPartner, orderStages } from './order-queries';

/**
 * Flash exchange orders: USDT sold for CNY paid to the member's own account. A quote fixes the rate,
 * fee and CNY for 30 seconds; submitting puts the USDT on hold at once (ledger hold, code 118 Alipay /
 * 244 bank) and the order is "in progress" until it arrived (hold settled) or was rejected (returned).
 */

const RATE_DECIMALS = 4;

function toQuote(row: q.QuoteRow): PayoutQuote {
  return {
    id: row.id,
    kind: row.kind,
    amount: new Decimal(row.amount).toFixed(),
    fee: new Decimal(row.fee).toFixed(),
    rate: new Decimal(row.rate).toFixed(),
    amountOut: new Decimal(row.amount_out).toFixed(CURRENCIES.CNY.precision),
    expiresAt: row.expires_at.toISOString(),
  };
}

// numeric(38, 18) reads back with 18 decimals: shown as the plain amount, CNY always to the fen.
const plain = (value: string) => new Decimal(value).toFixed();
const plainAmounts = (row: q.OrderRow): q.SummaryRow => ({
  ...row,
  amount: plain(row.amount),
  fee: plain(row.fee),
  rate: plain(row.rate),
  amount_out: new Decimal(row.amount_out).toFixed(CURRENCIES.CNY.precision),
});

/** A row whose amounts are already plain (pageOf formats them in SQL). */
export function toSummary(row: q.SummaryRow, language: Language): PayoutOrderSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.stage === 'arrived' || row.stage === 'rejected' ? row.stage : 'in_progress',
    currency: 'USDT',
    payoutCurrency: 'CNY',
    amount: row.amount,
    fee: row.fee,
    rate: row.rate,
    amountOut: row.amount_out,
    payee: {
      kind: row.kind,
      name: row.payee_name,
      accountLast4: row.payee_account_last4,
      accountMasked: row.payee_account_masked ?? `•••• ${row.payee_account_last4}`,
      bankName: row.payee_bank_name,
    },
    reference: row.partner_reference,
    reason: reasonText(row.reason, language),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export function toOrder(row: q.OrderRow, events: q.OrderEvent[], language: Language): PayoutOrder {
  return {
    ...toSummary(plainAmounts(row), language),
    // Notes are for operators (the partner's words, its reference); the member sees the steps and the reason.
    history: events
      .filter((e) => e.order_id === row.id)
      .map((e) => ({
        step: e.step,
        at: e.created_at.toISOString(),
        note: e.step === 'rejected' ? reasonText(row.reason, language) : null,
      })),
  };
}

export async function withHistory(deps: Pick<PayoutDeps, 'db'>, rows: q.OrderRow[], language: Language): Promise<PayoutOrder[]> {
  const events = await q.eventsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, events, language));
}

/** The operator's rate with its spread taken off, to 4 decimals (down), or null without a price. */
async function currentRate(deps: PayoutDeps, spread: string): Promise<Decimal | null> {
  const mid = midRate(await usdPrices(deps.db), 'USDT', 'CNY');
  if (!mid || mid.lte(0)) return null;
  const rate = mid.mul(new Decimal(1).minus(spread)).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_DOWN);
  return rate.gt(0) ? rate : null;
}

const today = (deps: PayoutDeps) => dayIn(deps.clock.now(), deps.timeZone);

export async function payoutTerms(deps: PayoutDeps, userId: string): Promise<PayoutTerms> {
  const settings = await q.settings(deps.db);
  const rate = await currentRate(deps, settings.spread);
  return {
    enabled: settings.enabled && rate !== null,
    currency: 'USDT',
    payoutCurrency: 'CNY',
    minimum: new Decimal(settings.minimum).toFixed(),
    maximum: new Decimal(settings.maximum).toFixed(),
    dailyLimit: new Decimal(settings.daily_limit).toFixed(),
    usedToday: new Decimal(await q.soldOn(deps.db, userId, today(deps))).toFixed(),
    rate: rate?.toFixed() ?? null,
    feeRate: new Decimal(settings.fee_rate).toFixed(),
    quoteSeconds: LIMITS.payout.quoteSeconds,
  };
}

/** Each refusal its own code: below minimum, above maximum, over today's limit (checked again at submit). */
function checkLimits(amount: Decimal, settings: Awaited<ReturnType<typeof q.settings>>, soldToday: string) {
  if (amount.lt(settings.minimum)) throw new AppError('PAYOUT_BELOW_MINIMUM', { minimum: new Decimal(settings.minimum).toFixed() });
  if (amount.gt(settings.maximum)) throw new AppError('PAYOUT_ABOVE_MAXIMUM', { maximum: new Decimal(settings.maximum).toFixed() });
  const left = new Decimal(settings.daily_limit).minus(soldToday);
  if (amount.gt(left)) throw new AppError('PAYOUT_DAILY_LIMIT_EXCEEDED', { remaining: Decimal.max(left, 0).toFixed() });
}

/**
 * Prices a sale and keeps the price for 30 seconds. The fee comes out of the USDT sold (rounded up to
 * the cent); the CNY paid is what is left times the rate, rounded down to the fen: the member sees
 * every figure that will move before the payment password.
 */
export async function createPayoutQuote(deps: PayoutDeps, userId: string, kind: PayeeKind, raw: string): Promise<PayoutQuote> {
  const checked = checkTypedAmount(raw, 'USDT');
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  const amount = checked.value;
  const settings = await q.settings(deps.db);
  const rate = settings.enabled ? await currentRate(deps, settings.spread) : null;
  if (!rate) throw new AppError('PAYOUT_UNAVAILABLE');
  checkLimits(amount, settings, await q.soldOn(deps.db, userId, today(deps)));
  await requirePaymentPasswordSet(deps, userId);
  const wallet = (await walletBalances(deps.db, userId)).find((b) => b.currency === 'USDT');
  if (!wallet || new Decimal(wallet.balance).lt(amount)) throw new AppError('INSUFFICIENT_BALANCE', { currency: 'USDT' });

  const fee = amount.mul(settings.fee_rate).toDecimalPlaces(LIMITS.payout.inputDecimals, Decimal.ROUND_UP);
  const amountOut = amount.minus(fee).mul(rate).toDecimalPlaces(CURRENCIES.CNY.precision, Decimal.ROUND_DOWN);
  if (amountOut.lte(0)) throw new AppError('PAYOUT_BELOW_MINIMUM', { minimum: new Decimal(settings.minimum).toFixed() });
  const now = deps.clock.now();
  const row = await q.insertQuote(deps.db, {
    user_id: userId,
    kind,
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    rate: rate.toFixed(),
    amount_out: amountOut.toFixed(),
    created_at: now,
    expires_at: addSeconds(now, LIMITS.payout.quoteSeconds),
  });
  return toQuote(row);
}

export interface SubmitInput {
  quoteId: string;
  payeeId: string;
  paymentPassword: string;
}

/** The order a request key placed, for a repeat of that request (platform/idempotency). */
export async function orderByKey(deps: PayoutDeps, userId: string, key: string): Promise<q.OrderRow> {
  const row = await q.findByKey(deps.db, userId, key);
  if (!row) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
  return row;
}

/**
 * Places the order: the quoted USDT goes on hold in the order's own transaction, so an order exists
 * exactly when its money is held. A retry with the same key, or another request for the same quote,
 * returns the order as it stands; nothing is held twice. What decides whether the money may leave (the
 * account lock, the hold after a password change, the payee) is read again behind the payment gate in
 * that transaction.
 */
export async function submitOrder(deps: PayoutDeps, userId: string, input: SubmitInput, key: string, ip: string): Promise<q.OrderRow> {
  const replay = await q.findByKey(deps.db, userId, key);
  if (replay) {
    if (replay.quote_id !== input.quoteId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return replay;
  }
  const quote = await q.findQuote(deps.db, input.quoteId, userId);
  if (!quote) throw new AppError('QUOTE_NOT_FOUND');
  const placed = await q.findByQuote(deps.db, quote.id);
  if (placed) return placed;
  if (quote.expires_at <= deps.clock.now()) throw new AppError('QUOTE_EXPIRED');
  const early = await payeeForOrder(deps, userId, input.payeeId);
  if (early.row.kind !== quote.kind) throw new AppError('PAYEE_KIND_MISMATCH');
  await assertWithdrawalsNotHeld(deps.db, userId, deps.clock.now());
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  const wallet = await accountId(deps.db, { userId, currency: 'USDT', purpose: USER_WALLET });

  const id = randomUUID();
  const now = deps.clock.now();
  const byHand = deps.partner === null;
  return deps.db.transaction().execute(async (trx) => {
    await enterPaymentGate(trx, userId, now);
    await q.lockQuote(trx, quote.id);
    const raced = await q.findByQuote(trx, quote.id);
    if (raced) return raced;
    const payee = await payeeForOrder({ ...deps, db: trx }, userId, input.payeeId);
    if (payee.row.kind !== quote.kind) throw new AppError('PAYEE_KIND_MISMATCH');
    const sealed = sealForOrder(deps.box, id, payee.details);
    await q.lockMemberOrders(trx, userId);
    const settings = await q.settings(trx);
    const day = today(deps);
    checkLimits(new Decimal(quote.amount), settings, await q.soldOn(trx, userId, day));
    const order = await q.insertOrder(trx, {
      id,
      user_id: userId,
      request_key: key,
      quote_id: quote.id,
      kind: quote.kind,
      payee_id: payee.row.id,
      payee_name: payee.row.name,
      payee_account_last4: payee.row.account_last4,
      payee_account_masked: payee.row.account_masked,
      payee_bank_name: payee.row.bank_name,
      key_id: sealed.keyId,
      payee_secret: sealed.sealed,
      amount: quote.amount,
      fee: quote.fee,
      rate: quote.rate,
      amount_out: quote.amount_out,
      day,
      stage: byHand ? 'waiting_operator' : 'held',
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    });
    await hold(trx, {
      key: holdKey(order),
      accountId: wallet,
      amount: quote.amount,
      typeCode: PAYOUT_CODES[quote.kind],
      userId,
      reference: `payout:${id}`,
    });
    await q.insertEvent(trx, { order_id: id, step: 'submitted', note: null, actor: `user:${userId}`, created_at: now });
    if (byHand) await q.insertEvent(trx, { order_id: id, step: 'sent', note: 'payout desk', actor: 'system', created_at: now });
    return order;
  });
}

export async function getOrder(deps: PayoutDeps, userId: string, id: string, language: Language): Promise<PayoutOrder> {
  const row = await q.findOrder(deps.db, id, userId);
  if (!row) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
  return toOrder(row, await q.eventsOf(deps.db, [id]), language);
}

const encodeCursor = (row: q.SummaryRow) => Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { created_at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const created = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(created.getTime())) throw new AppError('BAD_REQUEST');
  return { created_at: created, id };
}

export async function listOrders(deps: PayoutDeps, userId: string, cursor: string | undefined, limit: number, language: Language) {
  const rows = await q.pageOf(deps.db, userId, limit + 1, cursor ? decodeCursor(cursor) : undefined);
  const { page, nextCursor } = keysetPage(rows, limit, encodeCursor);
  return { orders: page.map((row) => toSummary(row, language)), nextCursor };
}

/** What the operators' console reads of flash exchange: the USDT sold per day and the orders waiting for the desk. */
export async function payoutDailySums(db: Executor, range: DayRange): Promise<DailySum[]> {
  const rows = await q.dailyVolumeSums(db, range);
  return rows.map((r) => ({ day: r.day, currency: 'USDT', amount: new Decimal(r.amount).toFixed() }));
}

export function payoutOrdersWaiting(db: Executor): Promise<number> {
  return q.countInStage(db, 'waiting_operator');
}
