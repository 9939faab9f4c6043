import { CURRENCIES, type Currency, checkTypedAmount, Decimal, isCurrency, isLedgerTypeCode, LIMITS, type Quote } from '@wallet/contract';
import { addSeconds } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { KeyedRequest } from '../../platform/idempotency';
import { type AuthDeps, checkPayer, requirePaymentPasswordSet } from '../auth/service';
import { accountIds, type Leg, postNew, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import * as q from './queries';
import { midRate, usdPrices } from './rates';

export const QUOTE_TTL_SECONDS = LIMITS.exchange.quoteSeconds;

type QuoteRow = {
  id: string;
  from_currency: string;
  to_currency: string;
  amount_in: string;
  fee: string;
  rate: string;
  amount_out: string;
  expires_at: Date;
};

function toQuote(row: QuoteRow): Quote {
  const from = row.from_currency as Currency;
  const to = row.to_currency as Currency;
  return {
    id: row.id,
    from,
    to,
    amountIn: new Decimal(row.amount_in).toFixed(),
    fee: new Decimal(row.fee).toFixed(),
    rate: new Decimal(row.rate).toFixed(),
    amountOut: new Decimal(row.amount_out).toFixed(),
    expiresAt: row.expires_at.toISOString(),
  };
}

/** The pairs people may exchange now: enabled ones whose ledger code exists, sorted by currency code. */
export async function listExchangePairs(deps: Pick<AuthDeps, 'db'>): Promise<Array<{ from: Currency; to: Currency }>> {
  const rows = await q.listEnabledPairs(deps.db);
  return rows
    .filter((row) => isCurrency(row.from_currency) && isCurrency(row.to_currency) && isLedgerTypeCode(row.type_code))
    .map((row) => ({ from: row.from_currency as Currency, to: row.to_currency as Currency }));
}

/**
 * Prices an exchange and keeps the price for 30 seconds. The fee is taken from the amount paid in
 * (rounded up to the source currency); what arrives is rounded down to the target currency, so the
 * platform never gives out more than it takes in.
 */
export async function createQuote(deps: AuthDeps, userId: string, from: Currency, to: Currency, amount: string): Promise<Quote> {
  const pair = await q.findEnabledPair(deps.db, from, to);
  if (!pair || !isLedgerTypeCode(pair.type_code)) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
  const checked = checkTypedAmount(amount, from);
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  if (checked.value.lt(LIMITS.exchange.minimum))
    throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: LIMITS.exchange.minimum, currency: from });
  await requirePaymentPasswordSet(deps, userId);

  const mid = midRate(await usdPrices(deps.db), from, to);
  if (!mid) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
  const rate = mid.mul(new Decimal(1).minus(pair.spread)).toDecimalPlaces(18, Decimal.ROUND_DOWN);
  const fee = checked.value.mul(pair.fee_rate).toDecimalPlaces(CURRENCIES[from].precision, Decimal.ROUND_UP);
  const amountOut = checked.value.minus(fee).mul(rate).toDecimalPlaces(CURRENCIES[to].precision, Decimal.ROUND_DOWN);
  if (amountOut.lte(0)) throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: LIMITS.exchange.minimum, currency: from });

  const now = deps.clock.now();
  const row = await q.insertQuote(deps.db, {
    user_id: userId,
    from_currency: from,
    to_currency: to,
    type_code: pair.type_code,
    amount_in: checked.value.toFixed(),
    fee: fee.toFixed(),
    rate: rate.toFixed(),
    amount_out: amountOut.toFixed(),
    created_at: now,
    expires_at: addSeconds(now, QUOTE_TTL_SECONDS),
  });
  return toQuote(row);
}

/**
 * Executes exactly the quoted amounts, once; after 30 seconds the quote is dead ("quote expired"). One
 * read (the quote, the key's record, the payer), the payment password under its limits, then one
 * transaction: the quote locked, the journal posted, and the key recorded with the reply.
 */
export async function executeQuote(
  deps: AuthDeps,
  userId: string,
  quoteId: string,
  paymentPassword: string,
  keyed: KeyedRequest,
  ip: string,
) {
  const read = await q.readExchange(deps.db, { userId, quoteId, record: keyed.record() });
  const recorded = keyed.answer<ExchangeReply>(read.record);
  if (recorded) return recorded.value;
  const quote = read.quote;
  if (!quote) throw new AppError('QUOTE_NOT_FOUND');
  if (quote.journal_id) return { quote: toQuote(quote), journalId: quote.journal_id };
  if (quote.expires_at <= deps.clock.now()) throw new AppError('QUOTE_EXPIRED');
  await checkPayer(deps, userId, read.payer, paymentPassword, ip);

  const from = quote.from_currency as Currency;
  const to = quote.to_currency as Currency;
  const fee = new Decimal(quote.fee);
  const amountIn = new Decimal(quote.amount_in);
  // Found before the transaction (and kept by the process): the transaction then only locks.
  const [payer, deskIn, deskOut, payee, revenue] = (await accountIds(deps.db, [
    { userId, currency: from, purpose: USER_WALLET },
    { userId: null, currency: from, purpose: SYSTEM_PURPOSES.exchangeDesk },
    { userId: null, currency: to, purpose: SYSTEM_PURPOSES.exchangeDesk },
    { userId, currency: to, purpose: USER_WALLET },
    { userId: null, currency: from, purpose: SYSTEM_PURPOSES.feeRevenue },
  ])) as [string, string, string, string, string];
  const legs: Leg[] = [
    { accountId: payer, amount: amountIn.neg().toFixed() },
    { accountId: deskIn, amount: amountIn.minus(fee).toFixed() },
    { accountId: deskOut, amount: new Decimal(quote.amount_out).neg().toFixed() },
    { accountId: payee, amount: new Decimal(quote.amount_out).toFixed() },
  ];
  if (fee.gt(0)) legs.push({ accountId: revenue, amount: fee.toFixed() });
  return deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockQuoteJournal(trx, quoteId);
    if (locked.journal_id) return { quote: toQuote(quote), journalId: locked.journal_id };
    const typeCode = quote.type_code;
    if (!isLedgerTypeCode(typeCode)) throw new Error(`exchange quote ${quoteId} has unknown type ${typeCode}`);
    // Under the quote's lock, and only while it has no journal: no other transaction posts this key.
    const { journalId } = await postNew(trx, {
      typeCode,
      userId,
      reference: `exchange:${quoteId}`,
      idempotencyKey: `exchange:${quoteId}`,
      legs,
    });
    const result = { quote: toQuote(quote), journalId };
    await keyed.save(trx, result, q.markQuoteExecuted(quoteId, journalId));
    return result;
  });
}

type ExchangeReply = { quote: Quote; journalId: string };
