/**
 * precision: decimals the ledger keeps (amounts with more are rejected, never rounded);
 * input: decimals a member may type (PRODUCT_SPEC: "up to 2 decimals" for typed money), at most
 * precision: chain deposits, rate results and fees keep the full precision, typed amounts stay short;
 * display: the fewest decimals shown — amounts with more are shown with all of them, never rounded.
 * See DESIGN.md section 3.
 */
export const CURRENCIES = {
  USDT: { precision: 6, input: 2, display: 2, kind: 'crypto' },
  USD: { precision: 2, input: 2, display: 2, kind: 'fiat' },
  HKD: { precision: 2, input: 2, display: 2, kind: 'fiat' },
  CNY: { precision: 2, input: 2, display: 2, kind: 'fiat' },
  JPY: { precision: 0, input: 0, display: 0, kind: 'fiat' },
  KRW: { precision: 0, input: 0, display: 0, kind: 'fiat' },
  EUR: { precision: 2, input: 2, display: 2, kind: 'fiat' },
  SBC: { precision: 8, input: 4, display: 4, kind: 'token' },
  ABI: { precision: 8, input: 4, display: 4, kind: 'token' },
  BTC: { precision: 8, input: 8, display: 8, kind: 'crypto' },
  ETH: { precision: 18, input: 8, display: 6, kind: 'crypto' },
} as const satisfies Record<string, { precision: number; input: number; display: number; kind: 'crypto' | 'fiat' | 'token' }>;

export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** Currencies the home screen can total the wallet in (issue: display currency). */
export const DISPLAY_CURRENCIES = ['USD', 'CNY', 'HKD', 'JPY', 'KRW', 'EUR'] as const satisfies readonly Currency[];
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}
