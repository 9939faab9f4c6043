import { z } from 'zod';
import { amountSchema } from '../amount';
import { currencySchema } from '../code-schemas';
import { LEDGER_FAMILY_NAMES } from '../ledger-types';

// The wallet's records, apart from the rest of the wallet's API (api/wallet.ts): a bundler takes a
// module whole, and the records page, which reads these only, would otherwise load the withdrawal and
// transfer schemas with the address checks and hash functions they import.

export const recordSchema = z
  .object({
    id: z.string(),
    typeCode: z.number().int(),
    label: z.string(),
    currency: currencySchema,
    amount: z.string().describe('Signed: negative when money left the wallet'),
    balanceAfter: amountSchema,
    reference: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Record' });
export type LedgerRecord = z.infer<typeof recordSchema>;
export const recordsQuerySchema = z.object({
  // A record id (bigint): 18 digits at most, so no cursor can overflow the column.
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  currency: currencySchema.optional(),
  type: z.coerce.number().int().min(0).max(9999).optional(),
  family: z
    .enum(LEDGER_FAMILY_NAMES)
    .optional()
    .describe('A family of types (deposits, transfers, card...); overrides nothing when type is given'),
});
/**
 * What a record is about, for its detail: the other member of a transfer (UID and masked email), or
 * the withdrawal, card or flash exchange it belongs to, instead of an internal reference.
 */
export const recordSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transfer'), direction: z.enum(['in', 'out']), uid: z.string(), email: z.string() }),
  z.object({ kind: z.literal('withdrawal'), id: z.string() }),
  z.object({ kind: z.literal('card'), id: z.string(), last4: z.string().nullable() }),
  z.object({ kind: z.literal('payout'), id: z.string() }),
  z.object({ kind: z.literal('deposit'), network: z.string(), txHash: z.string() }),
]);
export type RecordSubject = z.infer<typeof recordSubjectSchema>;
/**
 * The figures behind a record that the amount alone does not tell: an exchange's rate and fee, or a
 * card top-up's amount loaded, fee and total. Exactly as they were priced; null for other records.
 */
export const recordFiguresSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('exchange'),
    from: currencySchema,
    to: currencySchema,
    amountIn: amountSchema,
    fee: amountSchema.describe('Taken from amountIn, in the currency paid'),
    rate: amountSchema.describe('One `from` (after the fee) is worth this much `to`'),
    amountOut: amountSchema,
  }),
  z.object({
    kind: z.literal('cardTopUp'),
    sourceCurrency: currencySchema,
    amount: amountSchema.describe('Loaded onto the card, in the wallet currency, before the fee'),
    fee: amountSchema,
    total: amountSchema.describe('What left the wallet: amount plus fee'),
    rate: amountSchema,
    credited: amountSchema.describe('What the card received, in its own currency'),
    cardCurrency: currencySchema,
  }),
]);
export type RecordFigures = z.infer<typeof recordFiguresSchema>;
export const recordDetailSchema = recordSchema
  .extend({ subject: recordSubjectSchema.nullable(), figures: recordFiguresSchema.nullable() })
  .meta({ id: 'RecordDetail' });
export type LedgerRecordDetail = z.infer<typeof recordDetailSchema>;
export const recordListReplySchema = z
  .object({ records: z.array(recordSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RecordList' });
export type RecordListReply = z.infer<typeof recordListReplySchema>;
