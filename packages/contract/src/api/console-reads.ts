import { z } from 'zod';
import { amountSchema } from '../amount';
import { currencySchema, networkSchema } from '../code-schemas';
import { safeMultiline, safeText } from '../safe-text';
import { accountLockStateSchema } from './address-book';
import { CARD_CURRENCIES, CARD_STATUSES, CARD_TYPES, cardSchema, FREEZE_REASONS } from './cards';
import { DEPOSIT_STATUSES } from './chain';
import { bindableNetworkSchema, KYC_STATUSES } from './secret-fields';
import { ticketSummarySchema } from './tickets';
import { WITHDRAWAL_STATUSES } from './wallet';

/*
 * The operators' console reads (issue 42): the dashboard, members, every withdrawal and deposit, cards
 * and rates, and the member and card actions (note, lock, freeze). Lists take `page` (1-based) and
 * `pageSize` and answer `{ items, total }`. Money is decimal strings.
 */

export const consolePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Sums of money by currency code, e.g. `{ USDT: '12.5', USD: '3' }`. */
const sumsByCurrencySchema = z.record(z.string(), amountSchema);

export const consoleDashboardSchema = z
  .object({
    /** The platform's day (TOPUP_TIME_ZONE, a UTC offset) the figures are of, and that zone. */
    day: z.string(),
    timeZone: z.string(),
    today: z.object({
      /** Chain deposits credited to members. */
      deposits: sumsByCurrencySchema,
      /** Withdrawals approved, sending or sent (amounts without fees). */
      withdrawals: sumsByCurrencySchema,
      /** Approved card authorizations, in the cards' currencies. */
      cardSpend: sumsByCurrencySchema,
      /** Flash exchange orders placed and not rejected, in USDT. */
      flashExchange: sumsByCurrencySchema,
      newMembers: z.number().int(),
    }),
    queues: z.object({
      withdrawals: z.number().int().describe('Withdrawals waiting for review'),
      unattributedDeposits: z.number().int(),
      payoutOrders: z.number().int().describe('Flash exchange orders waiting for the operator'),
      tickets: z.number().int().describe('Tickets processing'),
      approvals: z.number().int().describe('Approval requests pending and not expired'),
      reconBreaks: z.number().int().describe('Reconciliation breaks open'),
      proofFailures: z.number().int().describe("Members' apps that found their proof of reserves wrong in the latest published snapshot"),
    }),
  })
  .meta({ id: 'ConsoleDashboard' });
export type ConsoleDashboard = z.infer<typeof consoleDashboardSchema>;

export const consoleSeriesQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

export const consoleSeriesSchema = z
  .object({
    timeZone: z.string(),
    /** The figures are valued in USDT at today's prices (exchange_rates), whatever the day. */
    valuedIn: z.literal('USDT'),
    days: z.array(
      z.object({
        day: z.string().describe('YYYY-MM-DD in the platform zone'),
        deposits: amountSchema,
        withdrawals: amountSchema,
        cardSpend: amountSchema,
        flashExchange: amountSchema,
        newMembers: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ConsoleSeries' });
export type ConsoleSeries = z.infer<typeof consoleSeriesSchema>;

export const consoleMembersQuerySchema = consolePageQuerySchema.extend({
  q: safeText(200).optional().describe("An email (prefix), a UID, a bound address, or a card number's last four digits"),
});

const kycStatusSchema = z.enum(KYC_STATUSES);

export const consoleMemberSummarySchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    nickname: z.string().nullable(),
    createdAt: z.string(),
    locked: z.boolean(),
    kycStatus: kycStatusSchema,
    boundNetwork: bindableNetworkSchema,
    boundAddress: z.string(),
  })
  .meta({ id: 'ConsoleMemberSummary' });

export const consoleMemberListSchema = z
  .object({ items: z.array(consoleMemberSummarySchema), total: z.number().int() })
  .meta({ id: 'ConsoleMemberList' });

export const consoleNoteSchema = z
  .object({ id: z.string(), body: z.string(), operator: z.object({ id: z.string(), email: z.string() }), createdAt: z.string() })
  .meta({ id: 'ConsoleMemberNote' });

export const consoleMemberDetailSchema = z
  .object({
    profile: z.object({
      uid: z.string(),
      email: z.string(),
      nickname: z.string().nullable(),
      language: z.string(),
      displayCurrency: z.string(),
      boundNetwork: bindableNetworkSchema,
      boundAddress: z.string(),
      createdAt: z.string(),
    }),
    locked: accountLockStateSchema,
    balances: z.array(z.object({ currency: currencySchema, available: amountSchema, held: amountSchema })),
    cards: z.array(cardSchema),
    sessions: z.array(
      z.object({ id: z.string(), device: z.string(), ip: z.string().nullable(), createdAt: z.string(), lastUsedAt: z.string() }),
    ),
    /** No photos here: they are shown one by one through the audited KYC photo route. */
    kyc: z.object({
      status: kycStatusSchema,
      reason: z.string().nullable(),
      photos: z.array(z.string()),
      submittedAt: z.string().nullable(),
    }),
    tickets: z.array(ticketSummarySchema),
    notes: z.array(consoleNoteSchema),
  })
  .meta({ id: 'ConsoleMemberDetail' });
export type ConsoleMemberDetail = z.infer<typeof consoleMemberDetailSchema>;

export const consoleNoteBodySchema = z.object({ body: safeMultiline(2000).pipe(z.string().min(1)) }).meta({ id: 'ConsoleNoteBody' });
export const consoleReasonBodySchema = z.object({ reason: safeText(500).pipe(z.string().min(3)) }).meta({ id: 'ConsoleReasonBody' });

export const consoleLockReplySchema = z
  .object({ locked: z.literal(true), lockedAt: z.string(), reason: z.string(), endedSessions: z.number().int() })
  .meta({ id: 'ConsoleLockReply' });

export const consoleWithdrawalsQuerySchema = consolePageQuerySchema.extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  q: safeText(200).optional().describe('A member UID, a destination address or a transaction hash'),
});

export const consoleWithdrawalSchema = z
  .object({
    id: z.string(),
    memberUid: z.string(),
    network: bindableNetworkSchema,
    address: z.string(),
    currency: z.string(),
    amount: amountSchema,
    fee: amountSchema,
    status: z.enum(WITHDRAWAL_STATUSES),
    txHash: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ConsoleWithdrawal' });
export const consoleWithdrawalListSchema = z
  .object({ items: z.array(consoleWithdrawalSchema), total: z.number().int() })
  .meta({ id: 'ConsoleWithdrawalList' });

export const consoleDepositsQuerySchema = consolePageQuerySchema.extend({ status: z.enum(DEPOSIT_STATUSES).optional() });

export const consoleDepositSchema = z
  .object({
    id: z.string(),
    memberUid: z.string().nullable(),
    network: networkSchema,
    currency: z.string(),
    amount: amountSchema,
    txHash: z.string(),
    from: z.string(),
    to: z.string(),
    status: z.enum(DEPOSIT_STATUSES),
    note: z.string().nullable(),
    detectedAt: z.string(),
    creditedAt: z.string().nullable(),
  })
  .meta({ id: 'ConsoleDeposit' });
export const consoleDepositListSchema = z
  .object({ items: z.array(consoleDepositSchema), total: z.number().int() })
  .meta({ id: 'ConsoleDepositList' });

export const consoleCardsQuerySchema = consolePageQuerySchema.extend({
  q: safeText(20).optional().describe("A card number's last four digits or a member UID"),
});

export const consoleCardSchema = z
  .object({
    id: z.string(),
    memberUid: z.string(),
    product: z.string(),
    type: z.enum(CARD_TYPES),
    currency: z.enum(CARD_CURRENCIES),
    status: z.enum(CARD_STATUSES),
    last4: z.string().nullable(),
    frozen: z.boolean(),
    freezeReason: z.enum(FREEZE_REASONS).nullable(),
    balance: amountSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleCard' });
export const consoleCardListSchema = z
  .object({ items: z.array(consoleCardSchema), total: z.number().int() })
  .meta({ id: 'ConsoleCardList' });

export const consoleFreezeReplySchema = z.object({ frozen: z.boolean(), changed: z.boolean() }).meta({ id: 'ConsoleFreezeReply' });

export const consoleRatesSchema = z
  .object({
    rates: z.array(z.object({ currency: z.string(), usdPrice: amountSchema, updatedAt: z.string(), updatedBy: z.string().nullable() })),
    pairs: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        typeCode: z.number().int(),
        spread: z.string(),
        feeRate: z.string(),
        enabled: z.boolean(),
        /** When the spread, fee or switch last changed. */
        updatedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'ConsoleRates' });
