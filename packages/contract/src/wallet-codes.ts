import type { Currency } from './currencies';
import type { LedgerTypeCode } from './ledger-types';
import type { BindableNetwork } from './networks';

/** Ledger codes of a transfer between users, per currency: the sender's and the recipient's. */
export const TRANSFER_CODES = {
  USDT: { out: 23, in: 113 },
  CNY: { out: 215, in: 216 },
  JPY: { out: 217, in: 218 },
  KRW: { out: 219, in: 220 },
  HKD: { out: 221, in: 222 },
  USD: { out: 223, in: 224 },
  ABI: { out: 227, in: 228 },
  EUR: { out: 232, in: 233 },
  SBC: { out: 235, in: 236 },
  BTC: { out: 237, in: 238 },
  ETH: { out: 239, in: 240 },
} as const satisfies Record<Currency, { out: LedgerTypeCode; in: LedgerTypeCode }>;

/** The exchange pairs the product offers (PRODUCT_SPEC.md section 4, codes 41-49 and 410-418). */
export const EXCHANGE_PAIRS = [
  { from: 'USDT', to: 'USD', code: 41 },
  { from: 'USD', to: 'USDT', code: 42 },
  { from: 'USDT', to: 'HKD', code: 43 },
  { from: 'HKD', to: 'USDT', code: 44 },
  { from: 'USDT', to: 'CNY', code: 45 },
  { from: 'CNY', to: 'USDT', code: 46 },
  { from: 'USDT', to: 'JPY', code: 47 },
  { from: 'JPY', to: 'USDT', code: 48 },
  { from: 'HKD', to: 'USD', code: 49 },
  { from: 'CNY', to: 'USD', code: 410 },
  { from: 'JPY', to: 'USD', code: 411 },
  { from: 'KRW', to: 'USD', code: 412 },
  { from: 'EUR', to: 'USD', code: 413 },
  { from: 'ABI', to: 'USD', code: 414 },
  { from: 'USDT', to: 'KRW', code: 415 },
  { from: 'KRW', to: 'USDT', code: 416 },
  { from: 'USDT', to: 'EUR', code: 417 },
  { from: 'EUR', to: 'USDT', code: 418 },
] as const satisfies ReadonlyArray<{ from: Currency; to: Currency; code: LedgerTypeCode }>;
export type ExchangePair = (typeof EXCHANGE_PAIRS)[number];

export function findExchangePair(from: Currency, to: Currency): ExchangePair | undefined {
  return EXCHANGE_PAIRS.find((p) => p.from === from && p.to === to);
}

/** Withdrawal holds: TRON has the spec's code 234; BSC uses our extension 241. A rejection returns funds as 14. */
export const WITHDRAWAL_CODES = { TRON: 234, BSC: 241, failed: 14 } as const satisfies Record<BindableNetwork | 'failed', LedgerTypeCode>;

/** Deposit codes per currency: the spec's 11 for USDT; ETH and BTC deposits are our extensions 242 and 243. */
export const DEPOSIT_CODES = { USDT: 11, ETH: 242, BTC: 243 } as const satisfies Partial<Record<Currency, LedgerTypeCode>>;
export type DepositCurrency = keyof typeof DEPOSIT_CODES;
