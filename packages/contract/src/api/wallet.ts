import { z } from 'zod';
import { amountSchema } from '../amount';
import { currencySchema } from '../code-schemas';
import { DISPLAY_CURRENCIES } from '../currencies';
import { LEDGER_FAMILY_NAMES } from '../ledger-types';
import { bindableNetworkSchema, emailCodeSchema, paymentPasswordSchema } from './auth';

/** Money moves only with an Idempotency-Key header; a retry with the same key returns the first reply. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const balancesReplySchema = z
  .object({
    displayCurrency: z.enum(DISPLAY_CURRENCIES),
    /** Sum of every balance valued at today's rates, in the display currency. */
    totalEstimate: amountSchema,
    balances: z.array(z.object({ currency: currencySchema, balance: amountSchema, estimate: amountSchema })),
  })
  .meta({ id: 'Balances' });
export type BalancesReply = z.infer<typeof balancesReplySchema>;

export const quoteBodySchema = z.object({ from: currencySchema, to: currencySchema, amount: amountSchema }).meta({ id: 'QuoteBody' });
export const quoteSchema = z
  .object({
    id: z.uuid(),
    from: currencySchema,
    to: currencySchema,
    amountIn: amountSchema,
    fee: amountSchema,
    rate: amountSchema,
    amountOut: amountSchema,
    expiresAt: z.string(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;
/** The exchanges offered now, in the order operators list them; a pair turned off is left out. */
export const exchangePairsReplySchema = z
  .object({ pairs: z.array(z.object({ from: currencySchema, to: currencySchema })) })
  .meta({ id: 'ExchangePairs' });
export type ExchangePairsReply = z.infer<typeof exchangePairsReplySchema>;
export const exchangeBodySchema = z.object({ quoteId: z.uuid(), paymentPassword: paymentPasswordSchema }).meta({ id: 'ExchangeBody' });
export const exchangeReplySchema = z.object({ quote: quoteSchema, journalId: z.string() }).meta({ id: 'ExchangeReply' });

export const recipientSchema = z.object({ uid: z.string(), displayName: z.string() }).meta({ id: 'Recipient' });
export const uidSchema = z.string().regex(/^[1-9]\d{7}$/, 'RECIPIENT_NOT_FOUND');
export const transferBodySchema = z
  .object({
    toUid: uidSchema,
    currency: currencySchema,
    amount: amountSchema,
    code: emailCodeSchema,
    paymentPassword: paymentPasswordSchema,
  })
  .meta({ id: 'TransferBody' });
export const transferReplySchema = z
  .object({ id: z.string(), to: recipientSchema, currency: currencySchema, amount: amountSchema, createdAt: z.string() })
  .meta({ id: 'TransferReply' });

export const WITHDRAWAL_STATUSES = ['pending_review', 'approved', 'sending', 'confirming', 'completed', 'rejected', 'failed'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

/**
 * What a step of a withdrawal's history says, as a code the app words in the member's language, with
 * its parameters: auto_approved {amount?} (below the automatic approval amount), reviewed_by_operator,
 * signed / sent / signed_again {txHash?}, sent_by_operator {txHash?}, confirmed {block},
 * failed_on_chain, rejected {reason} (the operator's words, as given).
 */
export const WITHDRAWAL_NOTE_CODES = [
  'auto_approved',
  'reviewed_by_operator',
  'signed',
  'sent',
  'signed_again',
  'sent_by_operator',
  'confirmed',
  'failed_on_chain',
  'rejected',
] as const;
export type WithdrawalNoteCode = (typeof WITHDRAWAL_NOTE_CODES)[number];
export const withdrawalNoteSchema = z
  .object({ code: z.enum(WITHDRAWAL_NOTE_CODES), params: z.record(z.string(), z.string()) })
  .meta({ id: 'WithdrawalNote' });
export type WithdrawalNote = z.infer<typeof withdrawalNoteSchema>;
export const withdrawalFeesReplySchema = z
  .object({ minimum: amountSchema, fees: z.array(z.object({ network: bindableNetworkSchema, fee: amountSchema })) })
  .meta({ id: 'WithdrawalFees' });
export const withdrawalBodySchema = z
  .object({
    network: bindableNetworkSchema,
    address: z.string().trim().min(1, 'ADDRESS_REQUIRED'),
    amount: amountSchema,
    code: emailCodeSchema,
    paymentPassword: paymentPasswordSchema,
  })
  .meta({ id: 'WithdrawalBody' });
export const withdrawalSchema = z
  .object({
    id: z.uuid(),
    network: bindableNetworkSchema,
    address: z.string(),
    currency: currencySchema,
    amount: amountSchema,
    fee: amountSchema,
    total: amountSchema,
    status: withdrawalStatusSchema,
    txHash: z.string().nullable(),
    createdAt: z.string(),
    history: z.array(z.object({ status: withdrawalStatusSchema, at: z.string(), note: withdrawalNoteSchema.nullable() })),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalListReplySchema = z
  .object({ withdrawals: z.array(withdrawalSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WithdrawalList' });

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
  cursor: z.string().regex(/^\d+$/).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  currency: currencySchema.optional(),
  type: z.coerce.number().int().optional(),
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
export const recordDetailSchema = recordSchema.extend({ subject: recordSubjectSchema.nullable() }).meta({ id: 'RecordDetail' });
export type LedgerRecordDetail = z.infer<typeof recordDetailSchema>;
export const recordListReplySchema = z
  .object({ records: z.array(recordSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RecordList' });

export const adminRateBodySchema = z.object({ usdPrice: amountSchema }).meta({ id: 'AdminRateBody' });
export const adminPairBodySchema = z
  .object({ spread: z.string().regex(/^0(\.\d{1,6})?$/), feeRate: z.string().regex(/^0(\.\d{1,6})?$/), enabled: z.boolean() })
  .meta({ id: 'AdminPairBody' });
export const adminAdjustBodySchema = z
  .object({ currency: currencySchema, amount: z.string().regex(/^-?(0|[1-9]\d*)(\.\d+)?$/), reason: z.string().trim().min(3).max(500) })
  .meta({ id: 'AdminAdjustBody' });
export const adminRejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) }).meta({ id: 'AdminRejectBody' });
