import { z } from 'zod';
import { amountInputSchema, amountSchema } from '../amount';
import { currencySchema } from '../code-schemas';
import { DISPLAY_CURRENCIES } from '../currencies';
import { Decimal } from '../decimal';
import { safeText } from '../safe-text';
import { secondFactorProofSchema } from './second-factor-proof';
import { bindableNetworkSchema, emailCodeSchema, paymentPasswordSchema } from './secret-fields';

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

export const quoteBodySchema = z.object({ from: currencySchema, to: currencySchema, amount: amountInputSchema }).meta({ id: 'QuoteBody' });
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

/**
 * Who a UID belongs to, as the sender may see them before paying: the nickname (null when none is
 * set) and the email masked ("ab***@qq.com"), never the whole email. displayName is the nickname,
 * else the masked email.
 */
export const recipientSchema = z
  .object({ uid: z.string(), displayName: z.string(), nickname: z.string().nullable(), maskedEmail: z.string() })
  .meta({ id: 'Recipient' });
export const uidSchema = z.string().regex(/^[1-9]\d{7}$/, 'RECIPIENT_NOT_FOUND');
/**
 * The last members I sent a transfer to, each once, the one paid most recently first (at most
 * RECENT_RECIPIENTS_LIMIT), shown as a recipient lookup shows them. Empty when I have sent none.
 */
export const RECENT_RECIPIENTS_LIMIT = 5;
export const recentRecipientsReplySchema = z
  .object({ recipients: z.array(recipientSchema).max(RECENT_RECIPIENTS_LIMIT) })
  .meta({ id: 'RecentRecipients' });
export type RecentRecipientsReply = z.infer<typeof recentRecipientsReplySchema>;
export const transferBodySchema = z
  .object({
    toUid: uidSchema,
    currency: currencySchema,
    amount: amountInputSchema,
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
/**
 * The emailed code (purpose withdraw) is needed unless the member has a second factor and sends to a
 * matured address of their address book (or their bound address); the second factor's proof is then
 * asked instead, and always when they have one.
 */
export const withdrawalBodySchema = z
  .object({
    network: bindableNetworkSchema,
    address: safeText(100).pipe(z.string().min(1, 'ADDRESS_REQUIRED')),
    amount: amountInputSchema,
    code: emailCodeSchema.optional(),
    paymentPassword: paymentPasswordSchema,
    secondFactor: secondFactorProofSchema.optional(),
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
/** A withdrawal in the operators' review queue: whose it is, by the member's UID. */
export const adminWithdrawalSchema = withdrawalSchema.extend({ memberUid: z.string() }).meta({ id: 'AdminWithdrawal' });
export const withdrawalListReplySchema = z
  .object({ withdrawals: z.array(withdrawalSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WithdrawalList' });

/** A price the database keeps positive: 0 is refused here, as a field, not by its check constraint. */
const positiveAmount = amountInputSchema.refine((v) => new Decimal(v).gt(0), 'AMOUNT_NOT_POSITIVE');
export const adminRateBodySchema = z.object({ usdPrice: positiveAmount }).meta({ id: 'AdminRateBody' });
export const adminPairBodySchema = z
  .object({ spread: z.string().regex(/^0(\.\d{1,6})?$/), feeRate: z.string().regex(/^0(\.\d{1,6})?$/), enabled: z.boolean() })
  .meta({ id: 'AdminPairBody' });
export const adminAdjustBodySchema = z
  .object({
    currency: currencySchema,
    // Signed: a credit or a debit, never 0 (a ledger entry moves something).
    amount: z
      .string()
      .regex(/^-?(0|[1-9]\d{0,14})(\.\d{1,18})?$/, { error: 'AMOUNT_INVALID', abort: true })
      .refine((v) => !new Decimal(v).isZero(), 'AMOUNT_INVALID'),
    reason: safeText(500).min(3),
  })
  .meta({ id: 'AdminAdjustBody' });
export const adminRejectBodySchema = z.object({ reason: safeText(500).min(3) }).meta({ id: 'AdminRejectBody' });
