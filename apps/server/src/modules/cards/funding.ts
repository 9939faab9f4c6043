import { CURRENCIES, checkAmount, LIMITS, type RechargeQuote } from '@wallet/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/errors';
import { verifyPaymentPassword } from '../auth/service';
import { accountId, type Leg, post, SYSTEM_PURPOSES, USER_WALLET } from '../wallet/ledger';
import { midRate, usdPrices } from '../wallet/rates';
import { cardAccountIds } from './accounts';
import type { CardDeps } from './deps';
import { type CardRow, findProduct, findUserCard, lockCard } from './queries';

/** A USD card is funded from USDT at the current rate; an HKD card from HKD, one for one. */
const sourceOf = (card: CardRow) => (card.currency === 'USD' ? 'USDT' : 'HKD') as 'USDT' | 'HKD';

async function usableCard(deps: CardDeps, userId: string, cardId: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_REQUIRED');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  return card;
}

/**
 * What a recharge costs and brings, shown before the user confirms: at least 20, whole numbers; the
 * fee (the product's rate, rounded up) is paid on top; the card receives the amount converted at the
 * mid rate, rounded down to cents, so we never credit more than we took.
 */
export async function rechargeQuote(deps: CardDeps, userId: string, cardId: string, raw: string): Promise<RechargeQuote> {
  const card = await usableCard(deps, userId, cardId);
  const source = sourceOf(card);
  const checked = checkAmount(raw, source);
  if (!checked.ok) throw new AppError(checked.code);
  if (!checked.value.isInteger()) throw new AppError('RECHARGE_WHOLE_NUMBER');
  const minimum = source === 'USDT' ? LIMITS.cardRecharge.minimumUsdt : LIMITS.cardRecharge.minimumHkd;
  if (checked.value.lt(minimum)) throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum, currency: source });
  const product = await findProduct(deps.db, card.product_id);
  const fee = checked.value.mul(product?.recharge_fee_rate ?? 0).toDecimalPlaces(CURRENCIES[source].precision, Decimal.ROUND_UP);
  const rate = source === card.currency ? new Decimal(1) : midRate(await usdPrices(deps.db), source, card.currency);
  if (!rate) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
  const credited = checked.value.mul(rate).toDecimalPlaces(CURRENCIES[card.currency].precision, Decimal.ROUND_DOWN);
  return {
    sourceCurrency: source,
    amount: checked.value.toFixed(),
    fee: fee.toFixed(),
    total: checked.value.plus(fee).toFixed(),
    rate: rate.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    credited: credited.toFixed(),
    cardCurrency: card.currency,
  };
}

/**
 * Wallet -> card (code 24, or 231 for a physical card), then the issuer is told to load the same
 * amount. If the issuer refuses, the journal is reversed (code 112) and the user told to retry.
 */
export async function recharge(deps: CardDeps, userId: string, cardId: string, raw: string, paymentPassword: string, key: string) {
  const quote = await rechargeQuote(deps, userId, cardId, raw);
  await verifyPaymentPassword(deps, userId, paymentPassword);
  const card = (await findUserCard(deps.db, userId, cardId)) as CardRow;
  const source = quote.sourceCurrency;
  const reference = `card:${card.id}`;
  const legs = async (sign: 1 | -1): Promise<Leg[]> => {
    const s = (v: string) => new Decimal(v).mul(sign).toFixed();
    const wallet = await accountId(deps.db, { userId, currency: source, purpose: USER_WALLET });
    const fees = await accountId(deps.db, { userId: null, currency: source, purpose: SYSTEM_PURPOSES.feeRevenue });
    const { available } = await cardAccountIds(deps.db, card);
    const list: Leg[] = [
      { accountId: wallet, amount: s(`-${quote.total}`) },
      { accountId: available, amount: s(quote.credited) },
    ];
    if (new Decimal(quote.fee).gt(0)) list.push({ accountId: fees, amount: s(quote.fee) });
    // Same currency: wallet -(amount + fee) balances with card +amount and fee +fee. Otherwise the
    // exchange desk buys the USDT and pays out the card currency.
    if (source !== card.currency) {
      list.push({
        accountId: await accountId(deps.db, { userId: null, currency: source, purpose: SYSTEM_PURPOSES.exchangeDesk }),
        amount: s(quote.amount),
      });
      list.push({
        accountId: await accountId(deps.db, { userId: null, currency: card.currency, purpose: SYSTEM_PURPOSES.exchangeDesk }),
        amount: s(`-${quote.credited}`),
      });
    }
    return list.filter((l) => !new Decimal(l.amount).isZero());
  };
  const posted = await post(deps.db, {
    typeCode: card.type === 'physical' ? 231 : 24,
    userId,
    reference,
    idempotencyKey: `card:${card.id}:recharge:${key}`,
    memo: { ...quote },
    legs: await legs(1),
  });
  try {
    await deps.issuer.load(card.issuer_card_id as string, quote.credited, `recharge:${posted.journalId}`);
  } catch (error) {
    await post(deps.db, {
      typeCode: 112,
      userId,
      reference,
      idempotencyKey: `card:${card.id}:recharge:${key}:undo`,
      memo: { reason: 'issuer refused the load' },
      legs: await legs(-1),
    });
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  return { quote, journalId: posted.journalId };
}

/**
 * Card -> wallet (code 17): the card balance goes back to USDT (USD card, at the mid rate, rounded
 * down) or HKD. Under the card lock, so it cannot race an authorization for the same money; the
 * issuer unloads first, so the money is never in both places.
 */
export async function withdrawToWallet(deps: CardDeps, userId: string, cardId: string, raw: string, paymentPassword: string, key: string) {
  const card = await usableCard(deps, userId, cardId);
  const checked = checkAmount(raw, card.currency);
  if (!checked.ok) throw new AppError(checked.code);
  const target = sourceOf(card);
  const rate = target === card.currency ? new Decimal(1) : midRate(await usdPrices(deps.db), card.currency, target);
  if (!rate) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
  const credited = checked.value.mul(rate).toDecimalPlaces(CURRENCIES[target].precision, Decimal.ROUND_DOWN);
  await verifyPaymentPassword(deps, userId, paymentPassword);
  const amount = checked.value.toFixed();
  const idempotencyKey = `card:${card.id}:withdraw:${key}`;
  const result = await deps.db.transaction().execute(async (trx) => {
    const locked = (await lockCard(trx, card.id)) as CardRow;
    const { available } = await cardAccountIds(trx, locked);
    const balance = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', available).executeTakeFirstOrThrow();
    const already = await trx.selectFrom('ledger_journal').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    if (!already && new Decimal(balance.balance).lt(amount)) throw new AppError('INSUFFICIENT_BALANCE', { currency: card.currency });
    if (!already) {
      try {
        await deps.issuer.unload(locked.issuer_card_id as string, amount, `withdraw:${card.id}:${key}`);
      } catch (error) {
        throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
      }
    }
    const legs: Leg[] = [
      { accountId: available, amount: `-${amount}` },
      { accountId: await accountId(trx, { userId, currency: target, purpose: USER_WALLET }), amount: credited.toFixed() },
    ];
    if (target !== card.currency) {
      legs.push({
        accountId: await accountId(trx, { userId: null, currency: card.currency, purpose: SYSTEM_PURPOSES.exchangeDesk }),
        amount,
      });
      legs.push({
        accountId: await accountId(trx, { userId: null, currency: target, purpose: SYSTEM_PURPOSES.exchangeDesk }),
        amount: credited.neg().toFixed(),
      });
    }
    return post(trx, { typeCode: 17, userId, reference: `card:${card.id}`, idempotencyKey, memo: { rate: rate.toFixed() }, legs });
  });
  return { amount, cardCurrency: card.currency, credited: credited.toFixed(), walletCurrency: target, journalId: result.journalId };
}
