import { z } from 'zod';
import { amountInputSchema, amountSchema } from '../amount';
import { LANGUAGES, type Translated } from '../languages';
import { safeText } from '../safe-text';
import { CONTROL_DECLINE_REASON_LABELS, CONTROL_DECLINE_REASONS } from './card-controls';
import { secondFactorField } from './second-factor-proof';
import { KYC_STATUSES, paymentPasswordSchema } from './secret-fields';

/** Card side of the API: products, cards, KYC, recharge, card transactions (ADR 0006). */

export const CARD_TYPES = ['virtual', 'physical'] as const;
export const CARD_CURRENCIES = ['USD', 'HKD'] as const;
/** The payment network a product's cards run on: its mark is drawn on the card face. */
export const CARD_NETWORKS = ['visa', 'mastercard'] as const;
export type CardCurrency = (typeof CARD_CURRENCIES)[number];
/**
 * opening: fee taken, issuer asked (background job); failed: the issuer could not open it and the fee
 * was refunded; awaiting_kyc: opened at the issuer, usable once KYC passes; active: usable.
 */
export const CARD_STATUSES = ['opening', 'failed', 'awaiting_kyc', 'active'] as const;
/** 'operator': frozen from the operators' console (compliance); only an operator unfreezes it. */
export const FREEZE_REASONS = ['user', 'consecutive_funds_failures', 'failure_rate', 'operator'] as const;
export const CARD_TX_TYPES = ['authorization', 'reversal', 'refund'] as const;
/** Why the app declined an authorization; shown to the user in their language. */
export const DECLINE_REASONS = [
  'insufficient_funds',
  'card_frozen',
  'card_inactive',
  'currency_mismatch',
  'issuer_timeout',
  ...CONTROL_DECLINE_REASONS,
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

const l = (en: string, zh: string, ko: string, ja: string): Translated => ({ en, zh, ko, ja });
export const DECLINE_REASON_LABELS: Record<DeclineReason, Translated> = {
  insufficient_funds: l('Insufficient card balance', '卡余额不足', '카드 잔액 부족', 'カード残高不足'),
  card_frozen: l('Card frozen', '卡已冻结', '카드 동결됨', 'カード凍結中'),
  card_inactive: l('Card not yet open', '卡尚未开通', '카드가 아직 개설되지 않음', 'カードはまだ開設されていません'),
  currency_mismatch: l(
    'Currency not supported by this card',
    '该卡不支持此币种',
    '이 카드에서 지원하지 않는 통화',
    'このカードでは使えない通貨',
  ),
  issuer_timeout: l('No answer in time', '响应超时', '응답 시간 초과', '応答タイムアウト'),
  ...CONTROL_DECLINE_REASON_LABELS,
};

/** A name in each app language the operator gave one; the others fall back to the product's `name`. */
export const localizedNamesSchema = z.partialRecord(z.enum(LANGUAGES), safeText(60).min(1));

export const cardProductSchema = z
  .object({
    id: z.string(),
    /** In the reader's language where the operator gave one. */
    name: z.string(),
    names: localizedNamesSchema,
    level: z.number().int(),
    type: z.enum(CARD_TYPES),
    currency: z.enum(CARD_CURRENCIES),
    network: z.enum(CARD_NETWORKS),
    /** Paid in USDT from the wallet when opening (ledger code 21). */
    openingFee: amountSchema,
    /** Charged in the card's currency from the card balance once a month (code 22). */
    monthlyFee: amountSchema,
    /** Share of a recharge taken as fee, e.g. "0.015" for 1.5%. */
    rechargeFeeRate: amountSchema,
    enabled: z.boolean(),
  })
  .meta({ id: 'CardProduct' });
export type CardProduct = z.infer<typeof cardProductSchema>;
export const cardProductListSchema = z
  .object({
    products: z.array(cardProductSchema),
    /**
     * The member holds an unused card ticket: it pays the opening fee of their next card that has one
     * (a free card does not spend it). Absent where the list is not a member's (the console's).
     */
    ticketCovers: z.boolean().optional(),
  })
  .meta({ id: 'CardProducts' });
/** A share the database keeps in numeric(10, 6) and below 1: a rate of 1 or more would take everything. */
const feeRateSchema = z.string().regex(/^0(\.\d{1,6})?$/, 'AMOUNT_INVALID');
export const adminCardProductBodySchema = cardProductSchema
  .omit({ id: true, network: true })
  .extend({
    name: safeText(60).min(1),
    names: localizedNamesSchema.default({}),
    level: z.number().int().min(0).max(99),
    openingFee: amountInputSchema,
    monthlyFee: amountInputSchema,
    rechargeFeeRate: feeRateSchema,
  })
  .meta({ id: 'AdminCardProductBody' });

const englishName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z .'-]{0,49}$/, 'NAME_NOT_ENGLISH');
// Each pattern names its error code: a pattern alone would be worded as "not in the right form".
const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{4,15}$/, 'PHONE_INVALID');
const areaCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'PHONE_INVALID');

export const shippingSchema = z.object({
  recipient: safeText(100).min(1),
  phoneAreaCode: areaCodeSchema,
  phone: phoneSchema,
  postalCode: safeText(12).min(2),
  country: safeText(60).min(2),
  province: safeText(60).min(1),
  city: safeText(60).min(1),
  district: safeText(60).default(''),
  address: safeText(200).min(3),
  pickup: z.enum(['mail', 'self_pickup']),
});

export const openCardBodySchema = z
  .object({
    productId: z.uuid(),
    firstName: englishName,
    lastName: englishName,
    paymentPassword: paymentPasswordSchema,
    /** Physical cards only. */
    shipping: shippingSchema.optional(),
    /**
     * The app showed the fee as paid by the member's card ticket: if no ticket is free any more (a
     * parallel opening took it), the opening is refused (CARD_TICKET_UNAVAILABLE) rather than charged
     * to the wallet. Without it a free ticket is still used.
     */
    paidByTicket: z.boolean().optional(),
  })
  .meta({ id: 'OpenCardBody' });

export const cardSchema = z
  .object({
    id: z.string(),
    product: cardProductSchema,
    type: z.enum(CARD_TYPES),
    currency: z.enum(CARD_CURRENCIES),
    holderName: z.string(),
    /** Only the last four digits ever reach the app's database; the full number stays at the issuer. */
    maskedNumber: z.string().nullable(),
    expiry: z.string().nullable(),
    status: z.enum(CARD_STATUSES),
    frozen: z.boolean(),
    freezeReason: z.enum(FREEZE_REASONS).nullable(),
    failureMessage: z.string().nullable(),
    balance: amountSchema,
    held: amountSchema,
    kycStatus: z.enum(KYC_STATUSES),
    kycReason: z.string().nullable(),
    shippingStatus: z.enum(['none', 'produced', 'shipped', 'delivered']),
    trackingNumber: z.string().nullable(),
    /** Physical cards: when the user bound the number printed on the delivered card (null: not yet). */
    boundAt: z.string().nullable(),
    pinSet: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.object({ cards: z.array(cardSchema) }).meta({ id: 'Cards' });
export type CardList = z.infer<typeof cardListSchema>;

export const revealBodySchema = z.object({ paymentPassword: paymentPasswordSchema, ...secondFactorField }).meta({ id: 'RevealBody' });
export const revealReplySchema = z
  .object({ pan: z.string(), cvv: z.string(), expiry: z.string(), holderName: z.string(), hideAfterSeconds: z.number().int() })
  .meta({ id: 'CardSecrets' });

export const freezeBodySchema = z.object({ frozen: z.boolean() }).meta({ id: 'FreezeBody' });
export const pinBodySchema = z
  .object({ pin: z.string().regex(/^\d{6}$/, 'CARD_PIN_FORMAT'), paymentPassword: paymentPasswordSchema })
  .meta({ id: 'PinBody' });

/**
 * The number printed on a delivered physical card; spaces as printed are allowed. Only the issuer
 * compares it with the card: the app keeps no card number beyond the last four digits.
 */
export const bindCardBodySchema = z
  .object({
    cardNumber: z
      .string()
      .max(40, 'CARD_NUMBER_FORMAT')
      .overwrite((value) => value.replace(/[\s-]/g, ''))
      .regex(/^\d{13,19}$/, 'CARD_NUMBER_FORMAT'),
  })
  .meta({ id: 'BindCardBody' });

export const rechargeQuoteBodySchema = z.object({ amount: amountInputSchema }).meta({ id: 'RechargeQuoteBody' });
export const rechargeQuoteSchema = z
  .object({
    /** Paid from the wallet in this currency: USDT for a USD card, HKD for an HKD card. */
    sourceCurrency: z.enum(['USDT', 'HKD']),
    amount: amountSchema,
    fee: amountSchema,
    total: amountSchema,
    rate: amountSchema,
    credited: amountSchema,
    cardCurrency: z.enum(CARD_CURRENCIES),
  })
  .meta({ id: 'RechargeQuote' });
export type RechargeQuote = z.infer<typeof rechargeQuoteSchema>;
export const rechargeBodySchema = z
  .object({ amount: amountInputSchema, paymentPassword: paymentPasswordSchema })
  .meta({ id: 'RechargeBody' });
/**
 * A recharge or card-to-wallet as it stands: the money is held at once, and the card issuer's answer
 * settles it (succeeded) or returns it (failed). While `processing`, the app polls it.
 */
export const cardOperationSchema = z
  .object({
    id: z.string(),
    cardId: z.string(),
    kind: z.enum(['recharge', 'withdraw']),
    status: z.enum(['processing', 'succeeded', 'failed']),
    /** What left: the wallet for a recharge (amount plus fee), the card for a withdrawal. */
    debited: amountSchema,
    debitedCurrency: z.string(),
    fee: amountSchema,
    rate: amountSchema,
    /** What arrives: on the card for a recharge, in the wallet for a withdrawal. */
    credited: amountSchema,
    creditedCurrency: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'CardOperation' });
export type CardOperation = z.infer<typeof cardOperationSchema>;
export const rechargeReplySchema = z.object({ quote: rechargeQuoteSchema, operation: cardOperationSchema }).meta({ id: 'RechargeReply' });
export const cardWithdrawBodySchema = z
  .object({ amount: amountInputSchema, paymentPassword: paymentPasswordSchema })
  .meta({ id: 'CardWithdrawBody' });
export const cardWithdrawReplySchema = z
  .object({
    amount: amountSchema,
    cardCurrency: z.enum(CARD_CURRENCIES),
    credited: amountSchema,
    walletCurrency: z.enum(['USDT', 'HKD']),
    rate: amountSchema,
    operation: cardOperationSchema,
  })
  .meta({ id: 'CardWithdrawReply' });
export const cardWithdrawQuoteBodySchema = z.object({ amount: amountInputSchema }).meta({ id: 'CardWithdrawQuoteBody' });
/**
 * Card to wallet as shown before the payment password: what leaves the card, the rate, what arrives.
 * The server prices the real card to wallet with the same function, so these are the figures that move.
 */
export const cardWithdrawQuoteSchema = z
  .object({
    amount: amountSchema,
    cardCurrency: z.enum(CARD_CURRENCIES),
    rate: amountSchema,
    credited: amountSchema,
    walletCurrency: z.enum(['USDT', 'HKD']),
  })
  .meta({ id: 'CardWithdrawQuote' });

export const cardTransactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(CARD_TX_TYPES),
    merchant: z.string(),
    time: z.string(),
    currency: z.enum(CARD_CURRENCIES),
    amount: amountSchema,
    /** Signed change of the card's available balance caused by this transaction so far. */
    balanceChange: z.string(),
    fee: amountSchema,
    approved: z.boolean(),
    declineReason: z.string().nullable(),
    settled: z.boolean(),
    settledAmount: amountSchema.nullable(),
  })
  .meta({ id: 'CardTransaction' });
export type CardTransaction = z.infer<typeof cardTransactionSchema>;
export const cardTransactionListSchema = z
  .object({ transactions: z.array(cardTransactionSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CardTransactions' });
export type CardTransactionList = z.infer<typeof cardTransactionListSchema>;
export const cardFundingSchema = z
  .object({
    id: z.string(),
    typeCode: z.number().int(),
    /** The ledger type's name in the caller's language. */
    label: z.string(),
    currency: z.enum(CARD_CURRENCIES),
    /** Signed change of the card's balance: positive for a recharge, negative for a withdrawal or fee. */
    amount: z.string(),
    time: z.string(),
  })
  .meta({ id: 'CardFunding' });
export type CardFunding = z.infer<typeof cardFundingSchema>;
export const cardFundingListSchema = z
  .object({ funding: z.array(cardFundingSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CardFundingList' });

export const KYC_DOCUMENT_TYPES = ['id_card', 'passport'] as const;
export const KYC_PHOTO_SIDES = ['front', 'back', 'passport'] as const;
export type KycPhotoSide = (typeof KYC_PHOTO_SIDES)[number];
export const KYC_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The photos each document needs: an ID card both sides, a passport its photo page. */
export const KYC_SIDES_BY_DOCUMENT = {
  id_card: ['front', 'back'],
  passport: ['passport'],
} as const satisfies Record<(typeof KYC_DOCUMENT_TYPES)[number], readonly KycPhotoSide[]>;
/** The expiry date sent for a document that never expires. */
export const KYC_NO_EXPIRY = '2099-12-31';
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'KYC_DATES_INVALID');
const isoCountry = z.string().regex(/^\d{3}$/, 'KYC_COUNTRY_INVALID');
export const kycBodySchema = z
  .object({
    cardId: z.uuid(),
    firstName: englishName,
    lastName: englishName,
    phoneAreaCode: areaCodeSchema,
    phone: phoneSchema,
    email: z.string().max(254).pipe(z.email()),
    /** ISO 3166 numeric code, e.g. "344" for Hong Kong (the server also checks it names a real country). */
    country: isoCountry,
    address: z.object({
      houseNumber: safeText(20).min(1),
      street: safeText(100).min(1),
      district: safeText(60).default(''),
      postcode: safeText(12).min(2),
      city: safeText(60).min(1),
      country: isoCountry,
    }),
    documentType: z.enum(KYC_DOCUMENT_TYPES),
    nationality: isoCountry,
    documentNumber: safeText(30).min(4),
    issueDate: isoDate,
    /** 2099-12-31 when the document never expires. */
    expiryDate: isoDate,
  })
  .meta({ id: 'KycBody' });
export type KycBody = z.infer<typeof kycBodySchema>;
export const kycStatusSchema = z
  .object({
    status: z.enum(KYC_STATUSES),
    reason: z.string().nullable(),
    photos: z.array(z.enum(KYC_PHOTO_SIDES)),
    submittedAt: z.string().nullable(),
  })
  .meta({ id: 'KycStatus' });
export type KycStatusReply = z.infer<typeof kycStatusSchema>;
