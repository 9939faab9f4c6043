import { z } from 'zod';
import { CURRENCIES } from '../currencies';
import { Decimal } from '../decimal';
import type { ErrorCode } from '../errors';
import type { Translated } from '../languages';

/*
 * A card's spending controls (ADR 0010), set by the member and applied in the authorization
 * decision: a per-purchase limit, a monthly limit (approved spend of the current calendar month in
 * UTC, see monthStartUtc), switches for online (card-not-present) and ATM use, and blocked merchant
 * categories. GET/PUT /api/v1/cards/:id/controls. Defaults: no limits, everything allowed.
 */

/** How the card was used, as the issuer says in the authorization. */
export const CARD_CHANNELS = ['pos', 'online', 'atm'] as const;
export type CardChannel = (typeof CARD_CHANNELS)[number];

/** The member-facing merchant category groups; each stands for the MCC ranges below. */
export const CARD_CONTROL_CATEGORIES = ['gambling', 'adult', 'crypto', 'travel', 'dining', 'shopping', 'digital', 'cash'] as const;
export type CardControlCategory = (typeof CARD_CONTROL_CATEGORIES)[number];

/** Inclusive MCC ranges (ISO 18245) of each group; an MCC may fall in more than one group. */
export const CARD_CATEGORY_MCCS: Readonly<Record<CardControlCategory, ReadonlyArray<readonly [number, number]>>> = {
  // Betting, lotteries, casino chips; government-owned lotteries; horse and dog racing.
  gambling: [
    [7800, 7802],
    [7995, 7995],
  ],
  // Adult-content direct marketing, escort and dating services.
  adult: [
    [5967, 5967],
    [7273, 7273],
  ],
  // Quasi-cash, money orders, money transfer, stored value and crypto purchases.
  crypto: [
    [4829, 4829],
    [6050, 6051],
    [6540, 6540],
  ],
  // Airlines, car rental, hotels; passenger rail, buses, cruises, travel agencies.
  travel: [
    [3000, 3999],
    [4011, 4131],
    [4411, 4411],
    [4511, 4511],
    [4722, 4722],
    [7011, 7012],
    [7512, 7519],
  ],
  // Caterers, restaurants, bars, fast food.
  dining: [[5811, 5814]],
  // Retail: building supplies, department and general stores, clothing, electronics, miscellaneous shops.
  shopping: [
    [5200, 5599],
    [5600, 5699],
    [5700, 5799],
    [5900, 5999],
  ],
  // Digital goods, games, apps and media; streaming and cable.
  digital: [
    [4899, 4899],
    [5815, 5818],
  ],
  // ATM and bank-counter cash.
  cash: [[6010, 6011]],
};

/** The groups an MCC belongs to; none when the issuer sent no (or no readable) code. */
export function mccCategories(mcc: string | undefined | null): CardControlCategory[] {
  if (!mcc || !/^\d{4}$/.test(mcc)) return [];
  const code = Number(mcc);
  return CARD_CONTROL_CATEGORIES.filter((c) => CARD_CATEGORY_MCCS[c].some(([from, to]) => code >= from && code <= to));
}

/** The declines a member's own controls cause; part of DECLINE_REASONS. */
export const CONTROL_DECLINE_REASONS = [
  'over_purchase_limit',
  'over_monthly_limit',
  'online_disabled',
  'atm_disabled',
  'category_blocked',
] as const;
export type ControlDeclineReason = (typeof CONTROL_DECLINE_REASONS)[number];

const l = (en: string, zh: string, ko: string, ja: string): Translated => ({ en, zh, ko, ja });
export const CONTROL_DECLINE_REASON_LABELS: Record<ControlDeclineReason, Translated> = {
  over_purchase_limit: l('Over your per-purchase limit', '超过单笔限额', '1회 결제 한도 초과', '1回あたりの上限を超過'),
  over_monthly_limit: l('Over your monthly limit', '超过每月限额', '월 한도 초과', '月間上限を超過'),
  online_disabled: l('Online payments turned off', '已关闭网上支付', '온라인 결제가 꺼져 있음', 'オンライン決済がオフ'),
  atm_disabled: l('ATM withdrawals turned off', '已关闭ATM取现', 'ATM 출금이 꺼져 있음', 'ATM出金がオフ'),
  category_blocked: l('Merchant category blocked by you', '该商户类别已被您屏蔽', '차단한 가맹점 업종', 'ブロック中の加盟店カテゴリ'),
};

/** The first day of the month `now` falls in, in UTC: where a monthly limit's count starts. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Largest limit accepted: far above any card's balance, and well inside numeric(38, 18). */
const LIMIT_MAX = new Decimal('1000000000');
const LIMIT_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

// Checked by checkControlLimits, which needs the card's currency, so a bad limit is refused with its own code.
const limitSchema = z.string().trim().max(40).nullable();

export const cardControlsBodySchema = z
  .object({
    /** A decimal string in the card's currency, at most its decimals; null: no limit. */
    perPurchaseLimit: limitSchema,
    monthlyLimit: limitSchema,
    onlineEnabled: z.boolean(),
    atmEnabled: z.boolean(),
    blockedCategories: z
      .array(z.enum(CARD_CONTROL_CATEGORIES, { error: 'CARD_CONTROLS_CATEGORY_INVALID' }))
      .max(CARD_CONTROL_CATEGORIES.length, 'CARD_CONTROLS_CATEGORY_INVALID'),
  })
  .meta({ id: 'CardControlsBody' });
export type CardControlsBody = z.infer<typeof cardControlsBodySchema>;

export const cardControlsSchema = cardControlsBodySchema
  .extend({
    blockedCategories: z.array(z.enum(CARD_CONTROL_CATEGORIES)),
    currency: z.enum(['USD', 'HKD']),
    /** Approved spend of this calendar month (UTC) so far, what the monthly limit is checked against. */
    monthSpent: z.string(),
    /** When the member last changed them; null while they are the defaults. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'CardControls' });
export type CardControls = z.infer<typeof cardControlsSchema>;

/**
 * The one check of a member's limits, shared by the server and the form: each empty or a positive
 * amount with at most the currency's decimals, and the monthly limit not below the per-purchase one.
 */
export function checkControlLimits(
  body: Pick<CardControlsBody, 'perPurchaseLimit' | 'monthlyLimit'>,
  currency: 'USD' | 'HKD',
): ErrorCode | null {
  const limits: Array<Decimal | null> = [];
  for (const raw of [body.perPurchaseLimit, body.monthlyLimit]) {
    if (raw === null || raw === '') {
      limits.push(null);
      continue;
    }
    if (!LIMIT_PATTERN.test(raw)) return 'CARD_CONTROLS_LIMIT_INVALID';
    const value = new Decimal(raw);
    if (value.lte(0) || value.gt(LIMIT_MAX) || value.decimalPlaces() > CURRENCIES[currency].precision) return 'CARD_CONTROLS_LIMIT_INVALID';
    limits.push(value);
  }
  const [purchase, monthly] = limits;
  if (purchase && monthly?.lt(purchase)) return 'CARD_CONTROLS_MONTHLY_BELOW_PURCHASE';
  return null;
}
