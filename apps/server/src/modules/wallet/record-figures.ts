import { type Currency, Decimal, type RecordFigures, rechargeQuoteSchema } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { type EntryRow, journalMemo } from '../ledger';

/** Wallet to card: 24 (virtual card), 231 (physical card); 229 is the spec's other name for 24. */
const CARD_TOP_UP_CODES = new Set([24, 229, 231]);
const EXCHANGE_REFERENCE = /^exchange:([0-9a-f-]{36})$/;

/**
 * What a record's detail shows beside its amount: an exchange's rate and fee (from its quote, this
 * member's only), a card top-up's amount, fee and total (from the quote its hold was posted with).
 * Null for other records, and for a top-up posted before its quote was kept.
 */
export async function figuresOf(db: Db, userId: string, row: EntryRow): Promise<RecordFigures | null> {
  const exchange = EXCHANGE_REFERENCE.exec(row.reference ?? '');
  if (exchange) {
    const quote = await db
      .selectFrom('exchange_quotes')
      .select(['from_currency', 'to_currency', 'amount_in', 'fee', 'rate', 'amount_out'])
      .where('id', '=', exchange[1] as string)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!quote) return null;
    const exact = (value: string) => new Decimal(value).toFixed();
    return {
      kind: 'exchange',
      from: quote.from_currency as Currency,
      to: quote.to_currency as Currency,
      amountIn: exact(quote.amount_in),
      fee: exact(quote.fee),
      rate: exact(quote.rate),
      amountOut: exact(quote.amount_out),
    };
  }
  if (CARD_TOP_UP_CODES.has(row.typeCode)) {
    const quote = rechargeQuoteSchema.safeParse(await journalMemo(db, row.journalId));
    return quote.success ? { kind: 'cardTopUp', ...quote.data } : null;
  }
  return null;
}
