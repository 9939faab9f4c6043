import { z } from 'zod';
import { amountInputSchema, amountSchema } from '../amount';
import { safeText } from '../safe-text';
import { secondFactorField } from './second-factor-proof';
import { emailCodeSchema, paymentPasswordSchema } from './secret-fields';

/*
 * Flash exchange (PRODUCT_SPEC.md sections 2-4): USDT sold for CNY paid to the member's own Alipay or
 * bank account. Messages that name an error code are shown in the member's language by server and web.
 */

export const PAYEE_KINDS = ['alipay', 'bank'] as const;
export type PayeeKind = (typeof PAYEE_KINDS)[number];
export const payeeKindSchema = z.enum(PAYEE_KINDS);

const CHINA_MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters of any script, with the spaces, dots, apostrophes and hyphens names carry (e.g. 阿依古丽·买买提).
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '·.-]*$/u;

/** Mainland resident ID: 17 digits and an ISO 7064 MOD 11-2 check character (digit or X). */
export function isResidentIdNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17] && isCalendarDate(`${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Adults only: a payout account belongs to someone 18 to 120 years old. */
export function isAdultBirthDate(value: string, today = new Date()): boolean {
  if (!isCalendarDate(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const age =
    today.getUTCFullYear() - y - (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d) ? 1 : 0);
  return age >= 18 && age <= 120;
}

const name = (code: string) => z.string().trim().min(1, code).max(40, code).regex(NAME, code);
const idNumberSchema = z
  .string()
  .trim()
  .max(40, 'PAYEE_ID_NUMBER_INVALID')
  .toUpperCase()
  .refine(isResidentIdNumber, 'PAYEE_ID_NUMBER_INVALID')
  .meta({ example: '11010519491231002X' });
const mobileSchema = z
  .string()
  .trim()
  .max(40, 'PAYEE_PHONE_INVALID')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(CHINA_MOBILE, 'PAYEE_PHONE_INVALID'));

export const alipayPayeeInputSchema = z
  .object({
    kind: z.literal('alipay'),
    alipayAccount: z
      .string()
      .trim()
      .max(100, 'PAYEE_ALIPAY_ACCOUNT_INVALID')
      .refine((v) => CHINA_MOBILE.test(v) || EMAIL.test(v), 'PAYEE_ALIPAY_ACCOUNT_INVALID'),
    lastName: name('PAYEE_NAME_INVALID'),
    firstName: name('PAYEE_NAME_INVALID'),
    birthDate: z
      .string()
      .trim()
      .max(10, 'PAYEE_BIRTH_DATE_INVALID')
      .refine((v) => isAdultBirthDate(v), 'PAYEE_BIRTH_DATE_INVALID'),
    city: safeText(60).min(1, 'PAYEE_CITY_REQUIRED'),
    address: safeText(200).min(2, 'PAYEE_ADDRESS_REQUIRED'),
    idNumber: idNumberSchema,
  })
  // The ID number carries the birth date: two that differ mean one of them was mistyped.
  .refine((v) => !isResidentIdNumber(v.idNumber) || v.idNumber.slice(6, 14) === v.birthDate.replaceAll('-', ''), {
    message: 'PAYEE_BIRTH_DATE_MISMATCH',
    path: ['birthDate'],
  });

export const bankPayeeInputSchema = z.object({
  kind: z.literal('bank'),
  name: name('PAYEE_NAME_INVALID').max(80, 'PAYEE_NAME_INVALID'),
  idNumber: idNumberSchema,
  bankName: safeText(60).min(2, 'PAYEE_BANK_NAME_REQUIRED'),
  accountNumber: z
    .string()
    .trim()
    .max(60, 'PAYEE_ACCOUNT_NUMBER_INVALID')
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'PAYEE_ACCOUNT_NUMBER_INVALID')),
  phone: mobileSchema,
});

// No schema id: its input (before trimming) and output differ, and it is both a request and a reply part.
export const payeeInputSchema = z.discriminatedUnion('kind', [alipayPayeeInputSchema, bankPayeeInputSchema]);
export type PayeeInput = z.infer<typeof payeeInputSchema>;
export type AlipayPayeeInput = z.infer<typeof alipayPayeeInputSchema>;
export type BankPayeeInput = z.infer<typeof bankPayeeInputSchema>;

/** Adding or changing where money goes needs the emailed code (purpose "payee") or the payment password. */
export const payeeSaveBodySchema = z
  .object({
    payee: payeeInputSchema,
    code: emailCodeSchema.optional(),
    paymentPassword: paymentPasswordSchema.optional(),
    makeDefault: z.boolean().optional(),
    ...secondFactorField,
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.paymentPassword), { message: 'PAYEE_VERIFICATION_REQUIRED', path: ['paymentPassword'] })
  .meta({ id: 'PayeeSaveBody' });
export type PayeeSaveBody = z.infer<typeof payeeSaveBodySchema>;

/**
 * An account as lists show it: an email by its first 2 characters and its domain ("ab•••@qq.com"),
 * anything else (a phone, a bank card) by its last 4 ("•••• 1234"). Worked out on save: lists never
 * open the sealed account.
 */
export function maskAccount(account: string): string {
  const at = account.lastIndexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at - 1) || 1)}•••${account.slice(at)}`;
  return `•••• ${account.slice(-4)}`;
}

/** A payee as lists show it: sensitive numbers only by their last 4 characters. */
export const payeeSchema = z
  .object({
    id: z.uuid(),
    kind: payeeKindSchema,
    isDefault: z.boolean(),
    /** The account holder's name as the partner receives it (Alipay: last name then first name). */
    name: z.string(),
    accountLast4: z.string(),
    /** The account as lists show it (maskAccount): "ab•••@qq.com", "•••• 1234". */
    accountMasked: z.string(),
    idNumberLast4: z.string(),
    bankName: z.string().nullable(),
    phoneLast4: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Payee' });
export type Payee = z.infer<typeof payeeSchema>;
export const payeeListQuerySchema = z.object({ kind: payeeKindSchema.optional() });
export const payeeListReplySchema = z.object({ payees: z.array(payeeSchema) }).meta({ id: 'PayeeList' });

/** Every field of a payee, for its edit screen, after the payment password. */
export const payeeRevealBodySchema = z.object({ paymentPassword: paymentPasswordSchema }).meta({ id: 'PayeeRevealBody' });
export const payeeDetailsSchema = z.object({ payee: payeeSchema, details: payeeInputSchema }).meta({ id: 'PayeeDetails' });

/** The terms a member sells under now (operator settings), and how much of today's limit is left. */
export const payoutTermsSchema = z
  .object({
    enabled: z.boolean(),
    currency: z.literal('USDT'),
    payoutCurrency: z.literal('CNY'),
    minimum: amountSchema,
    maximum: amountSchema,
    dailyLimit: amountSchema,
    usedToday: amountSchema,
    /** CNY paid per USDT after the spread, as a quote now would give it. */
    rate: amountSchema.nullable(),
    feeRate: amountSchema,
    quoteSeconds: z.number().int(),
  })
  .meta({ id: 'PayoutTerms' });
export type PayoutTerms = z.infer<typeof payoutTermsSchema>;

export const payoutQuoteBodySchema = z.object({ kind: payeeKindSchema, amount: amountInputSchema }).meta({ id: 'PayoutQuoteBody' });
export const payoutQuoteSchema = z
  .object({
    id: z.uuid(),
    kind: payeeKindSchema,
    /** USDT that leaves the wallet, fee included. */
    amount: amountSchema,
    fee: amountSchema,
    rate: amountSchema,
    /** CNY the payee receives: (amount - fee) x rate, rounded down to the fen. */
    amountOut: amountSchema,
    expiresAt: z.string(),
  })
  .meta({ id: 'PayoutQuote' });
export type PayoutQuote = z.infer<typeof payoutQuoteSchema>;

export const payoutOrderBodySchema = z
  .object({ quoteId: z.uuid(), payeeId: z.uuid(), paymentPassword: paymentPasswordSchema })
  .meta({ id: 'PayoutOrderBody' });

/** What the member sees: in progress until the payout arrived, or rejected with the amount returned. */
export const PAYOUT_STATUSES = ['in_progress', 'arrived', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Steps of an order's timeline: submitted (USDT on hold), sent (with the partner or the desk), then the end. */
export const PAYOUT_STEPS = ['submitted', 'sent', 'arrived', 'rejected'] as const;

export const payoutOrderSchema = z
  .object({
    id: z.uuid(),
    kind: payeeKindSchema,
    status: z.enum(PAYOUT_STATUSES),
    currency: z.literal('USDT'),
    payoutCurrency: z.literal('CNY'),
    amount: amountSchema,
    fee: amountSchema,
    rate: amountSchema,
    amountOut: amountSchema,
    payee: z.object({
      kind: payeeKindSchema,
      name: z.string(),
      accountLast4: z.string(),
      accountMasked: z.string(),
      bankName: z.string().nullable(),
    }),
    /** The partner's reference for the payment, once it has one. */
    reference: z.string().nullable(),
    /** Why the payout was rejected, in the operator's or partner's words. */
    reason: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    history: z.array(z.object({ step: z.enum(PAYOUT_STEPS), at: z.string(), note: z.string().nullable() })),
  })
  .meta({ id: 'PayoutOrder' });
export type PayoutOrder = z.infer<typeof payoutOrderSchema>;
export const payoutOrderListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** An order as lists show it: its timeline is on the detail. */
export const payoutOrderSummarySchema = payoutOrderSchema.omit({ history: true }).meta({ id: 'PayoutOrderSummary' });
export type PayoutOrderSummary = z.infer<typeof payoutOrderSummarySchema>;
export const payoutOrderListReplySchema = z
  .object({ orders: z.array(payoutOrderSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PayoutOrderList' });

const ratio = z.string().regex(/^0(\.\d{1,6})?$/);
const usdt = z.string().regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/);
export const adminPayoutSettingsBodySchema = z
  .object({ enabled: z.boolean(), minimum: usdt, maximum: usdt, dailyLimit: usdt, spread: ratio, feeRate: ratio })
  .meta({ id: 'AdminPayoutSettingsBody' });
export type AdminPayoutSettings = z.infer<typeof adminPayoutSettingsBodySchema>;
/** The settings as PUT takes them (a console form sends them back as read), and when they last changed. */
export const adminPayoutSettingsSchema = adminPayoutSettingsBodySchema
  .extend({ updatedAt: z.string() })
  .meta({ id: 'AdminPayoutSettings' });
export const adminPayoutArrivedBodySchema = z.object({ reference: safeText(100).min(1).optional() }).meta({ id: 'AdminPayoutArrivedBody' });
export const adminPayoutOrderSchema = payoutOrderSchema
  .extend({ memberUid: z.string(), stage: z.string() })
  .meta({ id: 'AdminPayoutOrder' });
export const adminPayoutOrderListReplySchema = z.object({ orders: z.array(adminPayoutOrderSchema) }).meta({ id: 'AdminPayoutOrderList' });
